import { useState } from 'react';
import { Link } from 'react-router';
import { Download, Pencil, Trash2 } from 'lucide-react';
import {
  campaignTaskKindLabels,
  rejectionReasonLabels,
  socialPlatformLabels,
  type CampaignTask,
  type TaskSubmission,
} from '@shared/contracts/campaign-tasks';
import type { CampaignDetail } from '@shared/contracts/campaigns';
import { formatMoney } from '@shared/currency';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { toast } from '@client/components/ui/toast';
import { describeError } from '@client/lib/api';
import { useApproveProof, useCampaignTasks, useDeleteTask } from '../tasks-api';
import { AddTaskDialog, RejectProofDialog, SubmitProofDialog } from './task-dialogs';

// The Tasks section of /campaigns/:id (decision record 032): the business adds tasks and reviews proofs; a staffer in
// the audience sees each task with its status for them and submits proof.

const failed = (what: string, error: unknown) => toast({ title: 'Error', description: `${what} ${describeError(error, '')}`.trim(), variant: 'destructive' });

const reward = (task: CampaignTask) => (task.rewardMinor !== null && task.rewardCurrency ? `Reward ${formatMoney(task.rewardMinor, task.rewardCurrency)}` : 'No reward');

/** `showBoothLink`: the business's view (its booths page is for the business; a staffer sees the day's place and hours). */
function TaskDetails({ task, showBoothLink = false }: { task: CampaignTask; showBoothLink?: boolean }) {
  const details = [
    campaignTaskKindLabels[task.kind],
    task.kind === 'social_post' && task.platform ? `${socialPlatformLabels[task.platform]}, tag ${task.requiredTag}` : null,
    task.kind === 'event_day' ? `${task.place}, ${task.eventOn} ${task.startsAt}–${task.endsAt}` : null,
    reward(task),
    task.closesOn ? `Closes ${task.closesOn}` : null,
  ].filter(Boolean);
  return (
    <>
      <p className="text-sm text-bark-700 break-words">{details.join(' · ')}</p>
      {task.instructions && <p className="mt-1 text-sm whitespace-pre-line break-words">{task.instructions}</p>}
      {task.boothEventId !== null && showBoothLink && (
        <p className="mt-1 text-sm"><Link className="text-forest-700 underline" to={`/events#booth-event-${task.boothEventId}`}>Event booth report</Link></p>
      )}
    </>
  );
}

const statusTones = { submitted: 'yellow', approved: 'green', rejected: 'red' } as const;
const statusLabels = { submitted: 'Waiting for review', approved: 'Approved', rejected: 'Rejected' } as const;

function ProofView({ submission }: { submission: TaskSubmission }) {
  const report = submission.report;
  return (
    <div className="flex flex-col gap-2 text-sm">
      {submission.url && (
        <p className="break-all"><span className="font-medium">Link:</span> <a className="text-forest-700 underline" href={submission.url} target="_blank" rel="noopener noreferrer">{submission.url}</a></p>
      )}
      {submission.note && <p className="whitespace-pre-line break-words"><span className="font-medium">Note:</span> {submission.note}</p>}
      {report && (
        <dl className="grid gap-x-3 gap-y-1 sm:grid-cols-[auto_1fr]">
          <dt className="font-medium">Product</dt><dd className="break-words">{report.product}</dd>
          <dt className="font-medium">Conditions</dt><dd className="whitespace-pre-line break-words">{report.conditions}</dd>
          <dt className="font-medium">Days used</dt><dd>{report.daysUsed}</dd>
          <dt className="font-medium">What worked</dt><dd className="whitespace-pre-line break-words">{report.worked}</dd>
          <dt className="font-medium">What failed</dt><dd className="whitespace-pre-line break-words">{report.failed}</dd>
        </dl>
      )}
      {submission.photos.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Photos">
          {submission.photos.map((photo, index) => (
            <li key={photo.id} className="flex flex-col items-start gap-1">
              <img src={photo.url} alt={`Photo ${index + 1}: ${photo.fileName}`} className="h-20 w-20 rounded border border-bark-200 object-cover" loading="lazy" />
              <a className="inline-flex items-center gap-1 text-xs text-forest-700 underline" href={photo.url} download={photo.fileName}>
                <Download className="h-3 w-3" aria-hidden /> Download<span className="sr-only"> {photo.fileName}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
      {submission.status === 'rejected' && submission.rejectionReason && (
        <p className="text-red-800" data-testid="rejection-reason">
          <span className="font-medium">Rejected:</span> {rejectionReasonLabels[submission.rejectionReason]}{submission.rejectionNote ? ` — ${submission.rejectionNote}` : ''}
        </p>
      )}
    </div>
  );
}

function ReviewList({ campaignId, tasks, submissions }: { campaignId: number; tasks: CampaignTask[]; submissions: TaskSubmission[] }) {
  const approve = useApproveProof();
  const [rejecting, setRejecting] = useState<TaskSubmission | null>(null);
  const titles = new Map(tasks.map((task) => [task.id, task.title]));
  if (!submissions.length) return <p className="text-sm text-bark-700">No proof submitted yet.</p>;
  return (
    <>
      <ul className="flex flex-col divide-y divide-bark-100" data-testid="proof-review-list">
        {submissions.map((submission) => (
          <li key={submission.id} className="flex flex-col gap-2 py-3" data-testid="proof">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="font-medium break-words">{submission.proStaffName} · {titles.get(submission.taskId)}</p>
              <Badge tone={statusTones[submission.status]}>{statusLabels[submission.status]}</Badge>
            </div>
            <p className="text-xs text-bark-700">Submitted {submission.createdAt.slice(0, 10)}{submission.decidedAt ? ` · decided ${submission.decidedAt.slice(0, 10)}` : ''}</p>
            <ProofView submission={submission} />
            {submission.status === 'submitted' && (
              <div className="flex flex-wrap gap-2">
                <Button
                  size="sm"
                  disabled={approve.isPending}
                  onClick={() => approve.mutate({ campaignId, submissionId: submission.id }, {
                    onSuccess: () => toast({ title: 'Success', description: 'Proof approved.' }),
                    onError: (error) => failed('Failed to approve the proof.', error),
                  })}
                >
                  Approve<span className="sr-only"> the proof of {submission.proStaffName}</span>
                </Button>
                <Button size="sm" variant="outline" onClick={() => setRejecting(submission)}>
                  Reject<span className="sr-only"> the proof of {submission.proStaffName}</span>
                </Button>
              </div>
            )}
          </li>
        ))}
      </ul>
      {rejecting && (
        <RejectProofDialog open onOpenChange={(open) => !open && setRejecting(null)} campaignId={campaignId} submissionId={rejecting.id} who={rejecting.proStaffName} />
      )}
    </>
  );
}

function OwnerTasks({ campaign, tasks, submissions }: { campaign: CampaignDetail; tasks: CampaignTask[]; submissions: TaskSubmission[] }) {
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<CampaignTask | null>(null);
  const remove = useDeleteTask();
  return (
    <>
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
          <CardTitle>Tasks</CardTitle>
          {campaign.status !== 'closed' && <Button size="sm" onClick={() => setAdding(true)}>Add Task</Button>}
        </CardHeader>
        <CardContent>
          {tasks.length === 0 ? (
            <p className="text-sm text-bark-700">No tasks yet. Add what your pro staff should do and prove, with a reward if you like.</p>
          ) : (
            <ul className="flex flex-col divide-y divide-bark-100" data-testid="campaign-tasks">
              {tasks.map((task) => (
                <li key={task.id} className="flex flex-wrap items-start justify-between gap-3 py-3">
                  <div className="min-w-0 flex-1">
                    <p className="font-medium break-words">{task.title}</p>
                    <TaskDetails task={task} showBoothLink />
                    <p className="mt-1 text-sm" data-testid="task-counts">{task.waitingCount} waiting · {task.approvedCount} approved</p>
                  </div>
                  {/* Editing and deleting only before anyone submitted proof for it (decision record 032). */}
                  {task.submissionCount === 0 && (
                    <div className="flex gap-2">
                      {campaign.status !== 'closed' && (
                        <Button variant="outline" size="sm" aria-label={`Edit the task ${task.title}`} onClick={() => setEditing(task)}>
                          <Pencil className="h-4 w-4" aria-hidden />
                        </Button>
                      )}
                      <Button
                        variant="outline"
                        size="sm"
                        aria-label={`Delete the task ${task.title}`}
                        disabled={remove.isPending}
                        onClick={() => remove.mutate({ campaignId: campaign.id, taskId: task.id }, { onError: (error) => failed('Failed to delete the task.', error) })}
                      >
                        <Trash2 className="h-4 w-4" aria-hidden />
                      </Button>
                    </div>
                  )}
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader><CardTitle>Proofs to Review</CardTitle></CardHeader>
        <CardContent><ReviewList campaignId={campaign.id} tasks={tasks} submissions={submissions} /></CardContent>
      </Card>
      <AddTaskDialog open={adding} onOpenChange={setAdding} campaign={campaign} />
      {editing && <AddTaskDialog open onOpenChange={(open) => !open && setEditing(null)} campaign={campaign} task={editing} />}
    </>
  );
}

function StafferTask({ campaignId, task, mine }: { campaignId: number; task: CampaignTask; mine: TaskSubmission[] }) {
  const [submitting, setSubmitting] = useState(false);
  const latest = mine[0];
  const status = latest ? statusLabels[latest.status] : task.status === 'open' ? 'Not started' : 'Closed';
  const canSubmit = task.status === 'open' && (!latest || latest.status === 'rejected');
  return (
    <li className="flex flex-col gap-2 py-3" data-testid="staffer-task">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-medium break-words">{task.title}</p>
        <Badge tone={latest ? statusTones[latest.status] : 'neutral'} data-testid="task-status">{status}</Badge>
      </div>
      <TaskDetails task={task} />
      {latest && <ProofView submission={latest} />}
      {canSubmit && (
        <div>
          <Button size="sm" onClick={() => setSubmitting(true)}>
            {latest ? 'Submit Again' : 'Submit Proof'}<span className="sr-only"> for {task.title}</span>
          </Button>
        </div>
      )}
      {latest?.status === 'rejected' && task.status !== 'open' && <p className="text-sm text-bark-700">The task has closed: no more proof.</p>}
      <SubmitProofDialog open={submitting} onOpenChange={setSubmitting} campaignId={campaignId} task={task} />
    </li>
  );
}

export function CampaignTasks({ campaign, owner }: { campaign: CampaignDetail; owner: boolean }) {
  const query = useCampaignTasks(campaign.id);
  if (query.isLoading) return <Skeleton className="h-32" />;
  if (query.isError || !query.data) return <p role="alert" className="text-sm text-red-800">Could not load the tasks. {describeError(query.error, '')}</p>;
  const { tasks, submissions } = query.data;
  if (owner) return <OwnerTasks campaign={campaign} tasks={tasks} submissions={submissions} />;
  return (
    <Card>
      <CardHeader><CardTitle>Tasks</CardTitle></CardHeader>
      <CardContent>
        {tasks.length === 0 ? (
          <p className="text-sm text-bark-700">No tasks in this campaign.</p>
        ) : (
          <ul className="flex flex-col divide-y divide-bark-100">
            {tasks.map((task) => <StafferTask key={task.id} campaignId={campaign.id} task={task} mine={submissions.filter((row) => row.taskId === task.id)} />)}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
