import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { gearDecision, gearRequestStatusLabels, gearRequestStatuses, MAX_BULK_DECISIONS, type GearRequest } from '@shared/contracts/gear';
import { BulkDecisionBar, SelectBox } from '@client/components/select-box';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogContent } from '@client/components/ui/dialog';
import { FormDialogActions } from '@client/components/ui/form-dialog-actions';
import { TextareaField } from '@client/components/ui/form-field';
import { Select } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { showServerFieldErrors } from '@client/lib/server-field-errors';
import { toastError } from '@client/lib/toast-error';
import { useDecideGearRequests, useGearRequests, type GearDecision, type GearDecisionResult, type RequestStatusFilter } from '../api';
import { EditItemsDialog } from './edit-items-dialog';
import { GearRequestCard, ListState } from './gear-bits';

type Decision = GearDecision['decision'];
type DecisionForm = { ids: number[]; decision: Decision; reason?: string };

/** Approve or decline the chosen requests with one reason; each is decided on its own (the others still go through). */
function DecideDialog({ ids, decision, onOpenChange, onDecided }: { ids: number[]; decision: Decision | null; onOpenChange(open: boolean): void; onDecided(result: GearDecisionResult, decision: Decision): void }) {
  const decide = useDecideGearRequests();
  const form = useForm<DecisionForm, unknown, GearDecision>({ resolver: zodResolver(gearDecision), defaultValues: { ids, decision: decision ?? 'approve', reason: '' } });
  const approve = decision === 'approve';

  useEffect(() => {
    if (decision) form.reset({ ids, decision, reason: '' });
  }, [ids, decision, form]);

  async function send(values: GearDecision) {
    try {
      const result = await decide.mutateAsync(values);
      onDecided(result, values.decision);
      onOpenChange(false);
    } catch (error) {
      showServerFieldErrors(error, form.setError);
      toastError(error, 'Failed to decide the requests.');
    }
  }

  const count = `${ids.length} ${ids.length === 1 ? 'request' : 'requests'}`;
  return (
    <Dialog open={decision !== null} onOpenChange={onOpenChange}>
      <DialogContent
        title={approve ? `Approve ${count}` : `Decline ${count}`}
        description={approve ? 'Each approved request becomes a seeding order in your store; the pro staffer is told.' : 'Each pro staffer is told, with your reason; the value goes back into their allotment.'}
      >
        <form method="post" className="flex flex-col gap-4" onSubmit={form.handleSubmit(send)} noValidate>
          <TextareaField form={form} name="reason" label={approve ? 'Note to the pro staff (optional)' : 'Reason'} rows={3} maxLength={500} />
          {form.formState.errors.ids && <p role="alert" className="text-sm text-red-800">{form.formState.errors.ids.message}</p>}
          <FormDialogActions saving={form.formState.isSubmitting} editing={false} createLabel={approve ? 'Approve' : 'Decline'} onCancel={() => onOpenChange(false)} />
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** What the last bulk decision did, request by request: how many went through and why each refused one did not. */
function DecisionResults({ result, decision, requests }: { result: GearDecisionResult; decision: Decision; requests: GearRequest[] }) {
  const name = (id: number) => requests.find((r) => r.id === id)?.proStaffName;
  return (
    <div role="status" className="rounded-lg border border-bark-200 bg-white p-4 text-sm" data-testid="decision-results">
      <p className="font-medium">
        {result.decided.length} {result.decided.length === 1 ? 'request' : 'requests'} {decision === 'approve' ? 'approved' : 'declined'}
        {result.refused.length > 0 && `, ${result.refused.length} not`}.
      </p>
      {result.refused.length > 0 && (
        <ul className="mt-2 flex flex-col gap-1 text-red-800">
          {result.refused.map((r) => (
            <li key={r.id} data-testid="refused-request">Request #{r.id}{name(r.id) ? ` (${name(r.id)})` : ''}: {r.message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The queue: waiting requests with boxes to choose them, Approve and Decline for the chosen ones, Edit per request. */
export function RequestsTab() {
  const [status, setStatus] = useState<RequestStatusFilter>('requested');
  const requests = useGearRequests(status);
  const [selected, setSelected] = useState<number[]>([]);
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const [editing, setEditing] = useState<GearRequest | null>(null);
  const [last, setLast] = useState<{ result: GearDecisionResult; decision: Decision; requests: GearRequest[] } | null>(null);
  const list = useMemo(() => requests.data ?? [], [requests.data]);
  const waiting = useMemo(() => list.filter((r) => r.status === 'requested'), [list]);
  // Only waiting requests that are still listed can be decided; memoised so the dialog keeps its text while open.
  const chosen = useMemo(() => selected.filter((id) => waiting.some((r) => r.id === id)).slice(0, MAX_BULK_DECISIONS), [selected, waiting]);
  const allChosen = waiting.length > 0 && chosen.length === Math.min(waiting.length, MAX_BULK_DECISIONS);
  const toggle = (id: number, on: boolean) => setSelected(on ? [...selected, id] : selected.filter((s) => s !== id));

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="gear-request-status">Show</Label>
          <Select id="gear-request-status" value={status} onChange={(e) => { setStatus(e.target.value as RequestStatusFilter); setSelected([]); }} className="w-56">
            {gearRequestStatuses.map((s) => <option key={s} value={s}>{gearRequestStatusLabels[s]}</option>)}
            <option value="all">All requests</option>
          </Select>
        </div>
        {waiting.length > 0 && (
          <BulkDecisionBar
            allLabel="Select all waiting"
            allChosen={allChosen}
            onSelectAll={(all) => setSelected(all ? waiting.map((r) => r.id) : [])}
            chosen={chosen.length}
            onDecide={setDeciding}
            rejectLabel="Decline"
          />
        )}
      </div>
      {last && <DecisionResults {...last} />}
      <ListState query={requests} empty={list.length === 0 ? (status === 'requested' ? 'No requests are waiting for you.' : 'No requests here.') : null}>
        <ul className="flex flex-col gap-3">
          {list.map((r) => (
            <li key={r.id}>
              <GearRequestCard
                request={r}
                side="business"
                leading={r.status === 'requested' ? (
                  <SelectBox label={`Select request #${r.id} from ${r.proStaffName}`} checked={chosen.includes(r.id)} onChange={(on) => toggle(r.id, on)} />
                ) : undefined}
                actions={r.status === 'requested' ? <Button size="sm" variant="outline" onClick={() => setEditing(r)}>Edit items<span className="sr-only"> of request #{r.id}</span></Button> : undefined}
              />
            </li>
          ))}
        </ul>
      </ListState>
      <DecideDialog
        ids={chosen}
        decision={deciding}
        onOpenChange={(open) => !open && setDeciding(null)}
        onDecided={(result, decision) => {
          setLast({ result, decision, requests: list });
          setSelected([]);
        }}
      />
      <EditItemsDialog request={editing} onOpenChange={(open) => !open && setEditing(null)} />
    </div>
  );
}
