import { Button } from '@client/components/ui/button';

/** The checkbox that picks one card of a list decided in bulk (gear requests, flagged orders); the label names the card. */
export function SelectBox({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return <input type="checkbox" className="mt-1 h-4 w-4 shrink-0" aria-label={label} checked={checked} onChange={(e) => onChange(e.target.checked)} />;
}

type BulkBarProps = {
  /** "Select all waiting", "Select all open". */
  allLabel: string;
  allChosen: boolean;
  onSelectAll: (checked: boolean) => void;
  chosen: number;
  onDecide: (decision: 'approve' | 'reject') => void;
  /** The negative decision's word: "Decline", "Reject". */
  rejectLabel: string;
};

/** Select all, the count chosen and the two decisions, above a list decided in bulk. */
export function BulkDecisionBar({ allLabel, allChosen, onSelectAll, chosen, onDecide, rejectLabel }: BulkBarProps) {
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2" data-testid="bulk-bar">
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="h-4 w-4" checked={allChosen} onChange={(e) => onSelectAll(e.target.checked)} />
        {allLabel}
      </label>
      <span className="text-sm text-bark-700" aria-live="polite">{chosen} selected</span>
      {/* The two decisions wrap together. */}
      <div className="flex gap-2">
        <Button size="sm" disabled={chosen === 0} onClick={() => onDecide('approve')}>Approve</Button>
        <Button size="sm" variant="outline" disabled={chosen === 0} onClick={() => onDecide('reject')}>{rejectLabel}</Button>
      </div>
    </div>
  );
}
