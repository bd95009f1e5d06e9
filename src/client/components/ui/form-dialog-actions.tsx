import { Button } from './button';

/**
 * The footer of a create-or-edit form dialog: Cancel closes it, the submit button says what it will do
 * ("Save Changes" when editing, `createLabel` otherwise) and "Saving..." while the save runs.
 */
export function FormDialogActions({ saving, editing, createLabel, onCancel }: { saving: boolean; editing: boolean; createLabel: string; onCancel(): void }) {
  return (
    <div className="flex justify-end gap-2">
      <Button variant="outline" onClick={onCancel}>Cancel</Button>
      <Button type="submit" disabled={saving}>{saving ? 'Saving...' : editing ? 'Save Changes' : createLabel}</Button>
    </div>
  );
}
