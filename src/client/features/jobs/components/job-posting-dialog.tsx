import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { createJobPostingBody, type JobPosting } from '@shared/contracts/jobs';
import { proStaffSpecialties } from '@shared/specialties';
import { Dialog, DialogContent } from '@client/components/ui/dialog';
import { FormDialogActions } from '@client/components/ui/form-dialog-actions';
import { InputField, TextareaField } from '@client/components/ui/form-field';
import { toast } from '@client/components/ui/toast';
import { useSaveJobPosting } from '../api';
import { ActionError } from './plan-limit-notice';

type Props = { open: boolean; onOpenChange: (open: boolean) => void; posting?: JobPosting };

const emptyValues = { title: '', description: '', location: '', compensation: '', specialties: [] as string[], isActive: true };

function valuesFrom(posting?: JobPosting) {
  if (!posting) return emptyValues;
  return {
    title: posting.title,
    description: posting.description,
    location: posting.location ?? '',
    compensation: posting.compensation ?? '',
    specialties: posting.specialties,
    isActive: posting.isActive,
  };
}

/** Create or edit a job posting. */
export function JobPostingDialog({ open, onOpenChange, posting }: Props) {
  const save = useSaveJobPosting();
  const form = useForm({ resolver: zodResolver(createJobPostingBody), defaultValues: valuesFrom(posting) });
  const { errors, isSubmitting } = form.formState;
  const { reset: resetForm } = form;
  const { reset: resetSave } = save;

  useEffect(() => {
    if (open) {
      resetForm(valuesFrom(posting));
      resetSave();
    }
  }, [open, posting, resetForm, resetSave]);

  // Keep any specialty the posting already has, even if it is not on the standard list.
  const options = [...new Set([...proStaffSpecialties, ...(posting?.specialties ?? [])])];

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: posting?.id, body: values });
      toast({ title: posting ? 'Job Posting Updated' : 'Job Posted', description: `"${values.title}" is saved.` });
      onOpenChange(false);
    } catch {
      // The error is shown inside the dialog.
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={posting ? 'Edit Job Posting' : 'New Job Posting'} className="max-w-2xl">
        <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
          <InputField form={form} name="title" id="job-title" label="Title" />
          <TextareaField form={form} name="description" id="job-description" label="Description" rows={5} />
          <div className="grid gap-4 sm:grid-cols-2">
            <InputField form={form} name="location" id="job-location" label="Location" placeholder="e.g. Bozeman, MT" markInvalid={false} />
            <InputField form={form} name="compensation" id="job-compensation" label="Compensation" hint="Free text, e.g. $300 per day plus gear" markInvalid={false} />
          </div>
          <fieldset>
            <legend className="mb-2 text-sm font-medium">Specialties</legend>
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
              {options.map((specialty) => (
                <label key={specialty} className="flex items-center gap-2 text-sm">
                  <input type="checkbox" value={specialty} {...form.register('specialties')} />
                  {specialty}
                </label>
              ))}
            </div>
            {errors.specialties && <p role="alert" className="mt-1 text-xs text-red-700">{errors.specialties.message}</p>}
          </fieldset>
          <label className="flex items-center gap-2 text-sm font-medium">
            <input type="checkbox" {...form.register('isActive')} />
            Active (visible to pro staff and open for applications)
          </label>
          <ActionError error={save.error} />
          <FormDialogActions saving={isSubmitting} editing={Boolean(posting)} createLabel="Post Job" onCancel={() => onOpenChange(false)} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
