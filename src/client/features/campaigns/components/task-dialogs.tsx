import { useEffect, useRef, useState } from 'react';
import { useForm, type Resolver, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  MAX_PROOF_PHOTOS,
  PROOF_PHOTO_ACCEPT,
  PROOF_PHOTO_MAX_BYTES,
  campaignTaskFields,
  campaignTaskKindLabels,
  campaignTaskKinds,
  proofFields,
  rejectProofBody,
  rejectionReasonLabels,
  rejectionReasons,
  socialPlatformLabels,
  socialPlatforms,
  type CampaignTask,
  type CampaignTaskFields,
  type CampaignTaskKind,
  type ProofFields,
  type ProofFieldsInput,
  type RejectionReason,
  type SocialPlatform,
} from '@shared/contracts/campaign-tasks';
import { formatMinorUnits } from '@shared/currency';
import { formatFileSize } from '@shared/format';
import { Dialog, DialogContent } from '@client/components/ui/dialog';
import { FormDialogActions } from '@client/components/ui/form-dialog-actions';
import { InputField, SelectField, TextareaField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { toast } from '@client/components/ui/toast';
import { ApiError, describeError } from '@client/lib/api';
import { useBoothEvents } from '@client/features/booths/api';
import { useCreateTask, useRejectProof, useSubmitProof, useUpdateTask } from '../tasks-api';

// The dialogs of campaign tasks (decision record 032): Add Task (business), Submit Proof (staffer), Reject (business).
// Each validates with the shared schema the server uses.

/** Puts the server's field errors on the form's fields. */
function showFieldErrors(error: unknown, values: object, setError: (path: string, message: string) => void) {
  if (!(error instanceof ApiError) || !Array.isArray(error.details)) return;
  for (const issue of error.details as { path?: string; message?: string }[]) {
    if (issue.path && issue.path in values) setError(issue.path, issue.message ?? 'Invalid value');
  }
}

/** Every field of every kind, flat; the shared discriminated union keeps the chosen kind's. */
type TaskFormValues = {
  kind: CampaignTaskKind; title: string; instructions: string; platform: SocialPlatform; requiredTag: string; place: string;
  eventOn: string; startsAt: string; endsAt: string; rewardAmount: string; rewardCurrency: string; closesOn: string;
  /** The select's text ('' = none) until `setValueAs` makes it the id the schema wants. */
  boothEventId: string | number | null;
};

const taskDefaults = (opensOn: string): TaskFormValues => ({
  kind: 'field_test', title: '', instructions: '', platform: 'instagram', requiredTag: '', place: '', eventOn: opensOn, startsAt: '09:00', endsAt: '17:00',
  rewardAmount: '', rewardCurrency: 'USD', closesOn: '', boothEventId: '',
});

/** The form's values for a task being edited: its own fields, the others at their defaults. */
const taskValuesOf = (task: CampaignTask, opensOn: string): TaskFormValues => ({
  ...taskDefaults(opensOn),
  kind: task.kind,
  title: task.title,
  instructions: task.instructions,
  platform: task.platform ?? 'instagram',
  requiredTag: task.requiredTag ?? '',
  place: task.place ?? '',
  eventOn: task.eventOn ?? opensOn,
  startsAt: task.startsAt ?? '09:00',
  endsAt: task.endsAt ?? '17:00',
  rewardAmount: task.rewardMinor !== null && task.rewardCurrency ? formatMinorUnits(task.rewardMinor, task.rewardCurrency) : '',
  rewardCurrency: task.rewardCurrency ?? 'USD',
  closesOn: task.closesOn ?? '',
  boothEventId: task.boothEventId === null ? '' : String(task.boothEventId),
});

const boothEventIdOf = (value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value));

/**
 * The business's event booth the day is at (decision record 040): its report is then the day's sales report. Shown
 * only when the business has booths; the server checks the booth is its own.
 */
function BoothEventField({ form }: { form: UseFormReturn<TaskFormValues, unknown, CampaignTaskFields> }) {
  const booths = useBoothEvents();
  const events = booths.data ?? [];
  if (events.length === 0) return null;
  const label = new Map(events.map((event) => [String(event.id), `${event.name} (${event.days[0]?.date ?? 'no days'})`]));
  return (
    <SelectField
      form={form}
      name="boothEventId"
      id="task-booth"
      label="Event booth"
      hint="Optional: the booth whose sales report covers this day."
      options={['', ...label.keys()]}
      optionLabel={(value) => label.get(value) ?? 'None'}
      registerOptions={{ setValueAs: boothEventIdOf }}
    />
  );
}

/** Add Task, or Edit Task when given one (only offered while nobody has submitted proof for it). */
export function AddTaskDialog({ open, onOpenChange, campaign, task }: { open: boolean; onOpenChange(open: boolean): void; campaign: { id: number; opensOn: string; closesOn: string }; task?: CampaignTask }) {
  const create = useCreateTask();
  const update = useUpdateTask();
  const today = new Date().toISOString().slice(0, 10);
  const firstDay = campaign.opensOn > today ? campaign.opensOn : today;
  const initial = task ? taskValuesOf(task, firstDay) : taskDefaults(firstDay);
  const form = useForm<TaskFormValues, unknown, CampaignTaskFields>({
    resolver: zodResolver(campaignTaskFields) as unknown as Resolver<TaskFormValues, unknown, CampaignTaskFields>,
    defaultValues: initial,
  });
  const kind = form.watch('kind');
  const initialKey = JSON.stringify(initial);

  useEffect(() => {
    if (open) form.reset(JSON.parse(initialKey) as TaskFormValues);
  }, [open, initialKey, form]);

  async function save(values: CampaignTaskFields) {
    try {
      if (task) await update.mutateAsync({ campaignId: campaign.id, taskId: task.id, body: values });
      else await create.mutateAsync({ campaignId: campaign.id, body: values });
      toast({ title: 'Success', description: task ? 'Task saved.' : 'Task added.' });
      onOpenChange(false);
    } catch (error) {
      showFieldErrors(error, form.getValues(), (path, message) => form.setError(path as keyof TaskFormValues, { message }));
      toast({ title: 'Error', description: `Failed to ${task ? 'save' : 'add'} the task. ${describeError(error, '')}`.trim(), variant: 'destructive' });
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={task ? 'Edit Task' : 'Add Task'} description="Something your pro staff do and prove. Approving a proof records its reward as a commission." className="max-h-[90vh] overflow-y-auto">
        <form className="flex flex-col gap-4" onSubmit={form.handleSubmit(save)} noValidate>
          <SelectField form={form} name="kind" id="task-kind" label="Kind of task" options={campaignTaskKinds} optionLabel={(value) => campaignTaskKindLabels[value]} />
          <InputField form={form} name="title" id="task-title" label="Title" maxLength={120} />
          <TextareaField form={form} name="instructions" id="task-instructions" label="Instructions" rows={3} hint="Optional: what a good proof shows." />
          {kind === 'social_post' && (
            <div className="grid gap-4 sm:grid-cols-2">
              <SelectField form={form} name="platform" id="task-platform" label="Platform" options={socialPlatforms} optionLabel={(value) => socialPlatformLabels[value]} />
              <InputField form={form} name="requiredTag" id="task-tag" label="Required tag or handle" maxLength={100} placeholder="#YourBrand" />
            </div>
          )}
          {kind === 'event_day' && (
            <>
              <InputField form={form} name="place" id="task-place" label="Place" maxLength={200} placeholder="Store or event, town" />
              <div className="grid gap-4 sm:grid-cols-3">
                <InputField form={form} name="eventOn" id="task-day" label="Day" type="date" />
                <InputField form={form} name="startsAt" id="task-starts" label="From" type="time" />
                <InputField form={form} name="endsAt" id="task-ends" label="Until" type="time" />
              </div>
              <BoothEventField form={form} />
            </>
          )}
          {kind === 'field_test' && <p className="text-sm text-bark-700">The proof is a report: product, conditions, days used, what worked, what failed, and photos.</p>}
          <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
            <InputField form={form} name="rewardAmount" id="task-reward" label="Reward" inputMode="decimal" placeholder="25.00" hint="Leave empty for no reward." />
            <InputField form={form} name="rewardCurrency" id="task-currency" label="Currency" maxLength={3} />
          </div>
          <InputField form={form} name="closesOn" id="task-closes" label="Closes on" type="date" hint={`Optional: no proof from this day on. Empty: with the campaign (${campaign.closesOn}).`} />
          <FormDialogActions saving={form.formState.isSubmitting} editing={Boolean(task)} createLabel="Add Task" onCancel={() => onOpenChange(false)} />
        </form>
      </DialogContent>
    </Dialog>
  );
}

type ProofFormValues = Required<Omit<ProofFieldsInput, 'kind'>> & { kind: CampaignTaskKind };
const proofDefaults = (kind: CampaignTaskKind): ProofFormValues => ({ kind, url: '', note: '', product: '', conditions: '', daysUsed: '', worked: '', failed: '' });

export function SubmitProofDialog({ open, onOpenChange, campaignId, task }: { open: boolean; onOpenChange(open: boolean): void; campaignId: number; task: CampaignTask }) {
  const submit = useSubmitProof();
  const photosRef = useRef<HTMLInputElement>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const form = useForm<ProofFormValues, unknown, ProofFields>({
    resolver: zodResolver(proofFields) as unknown as Resolver<ProofFormValues, unknown, ProofFields>,
    defaultValues: proofDefaults(task.kind),
  });

  useEffect(() => {
    if (open) {
      form.reset(proofDefaults(task.kind));
      setPhotoError(null);
    }
  }, [open, task.kind, form]);

  async function save({ kind: _kind, ...fields }: ProofFields) {
    const photos = [...(photosRef.current?.files ?? [])];
    if (photos.length > MAX_PROOF_PHOTOS) return setPhotoError(`Attach at most ${MAX_PROOF_PHOTOS} photos.`);
    if (photos.some((photo) => photo.size > PROOF_PHOTO_MAX_BYTES)) return setPhotoError(`Each photo can be at most ${formatFileSize(PROOF_PHOTO_MAX_BYTES)}.`);
    setPhotoError(null);
    try {
      await submit.mutateAsync({ campaignId, taskId: task.id, fields, photos });
      toast({ title: 'Success', description: 'Proof submitted. The business will approve or reject it.' });
      onOpenChange(false);
    } catch (error) {
      showFieldErrors(error, form.getValues(), (path, message) => form.setError(path as keyof ProofFormValues, { message }));
      if (error instanceof ApiError && (error.status === 413 || error.status === 415)) setPhotoError(describeError(error));
      toast({ title: 'Error', description: `Failed to submit the proof. ${describeError(error, '')}`.trim(), variant: 'destructive' });
    }
  }

  const kind = task.kind;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={`Submit Proof: ${task.title}`} description={campaignTaskKindLabels[kind]} className="max-h-[90vh] overflow-y-auto">
        <form className="flex flex-col gap-4" onSubmit={form.handleSubmit(save)} noValidate>
          {kind === 'field_test' && (
            <>
              <InputField form={form} name="product" id="proof-product" label="Product" maxLength={200} />
              <TextareaField form={form} name="conditions" id="proof-conditions" label="Conditions" rows={2} hint="Weather, terrain, species, season." />
              <InputField form={form} name="daysUsed" id="proof-days" label="Days used" inputMode="numeric" maxLength={3} />
              <TextareaField form={form} name="worked" id="proof-worked" label="What worked" rows={3} />
              <TextareaField form={form} name="failed" id="proof-failed" label="What failed" rows={3} />
            </>
          )}
          <InputField form={form} name="url" id="proof-url" label={kind === 'social_post' ? 'Link to the post' : 'Link (optional)'} type="url" placeholder="https://" />
          <TextareaField form={form} name="note" id="proof-note" label={kind === 'event_day' ? 'What you did on the day' : 'Note (optional)'} rows={3} />
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="proof-photos">Photos</Label>
            <Input id="proof-photos" ref={photosRef} type="file" multiple accept={PROOF_PHOTO_ACCEPT} aria-describedby="proof-photos-hint" aria-invalid={Boolean(photoError)} />
            <p id="proof-photos-hint" className="text-xs text-bark-700">Optional: up to {MAX_PROOF_PHOTOS} JPEG, PNG or WebP photos, at most {formatFileSize(PROOF_PHOTO_MAX_BYTES)} each.</p>
            {photoError && <p role="alert" className="text-xs text-red-700">{photoError}</p>}
          </div>
          <FormDialogActions saving={form.formState.isSubmitting} editing={false} createLabel="Submit Proof" onCancel={() => onOpenChange(false)} />
        </form>
      </DialogContent>
    </Dialog>
  );
}

type RejectValues = { reason: RejectionReason; note: string };

export function RejectProofDialog({ open, onOpenChange, campaignId, submissionId, who }: { open: boolean; onOpenChange(open: boolean): void; campaignId: number; submissionId: number; who: string }) {
  const reject = useRejectProof();
  const form = useForm<RejectValues, unknown, RejectValues>({ resolver: zodResolver(rejectProofBody) as unknown as Resolver<RejectValues, unknown, RejectValues>, defaultValues: { reason: 'not_as_briefed', note: '' } });

  useEffect(() => {
    if (open) form.reset({ reason: 'not_as_briefed', note: '' });
  }, [open, form]);

  async function save(values: RejectValues) {
    try {
      await reject.mutateAsync({ campaignId, submissionId, body: values });
      toast({ title: 'Success', description: 'Proof rejected. The pro staffer was told why and can submit again while the task is open.' });
      onOpenChange(false);
    } catch (error) {
      showFieldErrors(error, form.getValues(), (path, message) => form.setError(path as keyof RejectValues, { message }));
      toast({ title: 'Error', description: `Failed to reject the proof. ${describeError(error, '')}`.trim(), variant: 'destructive' });
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Reject Proof" description={`Tell ${who} why. They can submit again while the task is open.`}>
        <form className="flex flex-col gap-4" onSubmit={form.handleSubmit(save)} noValidate>
          <SelectField form={form} name="reason" id="reject-reason" label="Reason" options={rejectionReasons} optionLabel={(value) => rejectionReasonLabels[value]} />
          <TextareaField form={form} name="note" id="reject-note" label="Details" rows={3} hint="Required when the reason is Other." />
          <FormDialogActions saving={form.formState.isSubmitting} editing={false} createLabel="Reject Proof" onCancel={() => onOpenChange(false)} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
