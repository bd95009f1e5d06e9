import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CampaignTaskFieldsInput, CampaignTasksView, ProofFieldsInput, RejectProofBodyInput, TaskSubmission } from '@shared/contracts/campaign-tasks';
import { apiPostForm, apiRequest, getJson } from '@client/lib/api';
import { useRefreshingMutation } from '@client/lib/mutations';

// Tasks with proof inside campaigns (decision record 032). Keyed under ['campaigns'] so every campaign change
// refreshes them too.

const tasksKey = ['campaigns', 'tasks'] as const;

export const campaignTasksQuery = (campaignId: number) =>
  queryOptions({ queryKey: [...tasksKey, campaignId], queryFn: () => getJson<CampaignTasksView>(`/api/campaigns/${campaignId}/tasks`) });
export const useCampaignTasks = (campaignId: number) => useQuery(campaignTasksQuery(campaignId));

export const useCreateTask = () =>
  useRefreshingMutation(({ campaignId, body }: { campaignId: number; body: CampaignTaskFieldsInput }) => apiRequest<CampaignTasksView>('POST', `/api/campaigns/${campaignId}/tasks`, body), tasksKey);
export const useUpdateTask = () =>
  useRefreshingMutation(({ campaignId, taskId, body }: { campaignId: number; taskId: number; body: CampaignTaskFieldsInput }) =>
    apiRequest<CampaignTasksView>('PUT', `/api/campaigns/${campaignId}/tasks/${taskId}`, body), tasksKey);
export const useDeleteTask = () =>
  useRefreshingMutation(({ campaignId, taskId }: { campaignId: number; taskId: number }) => apiRequest<CampaignTasksView>('DELETE', `/api/campaigns/${campaignId}/tasks/${taskId}`), tasksKey);
export const useApproveProof = () =>
  useRefreshingMutation(({ campaignId, submissionId }: { campaignId: number; submissionId: number }) =>
    apiRequest<TaskSubmission>('POST', `/api/campaigns/${campaignId}/submissions/${submissionId}/approve`), tasksKey);
export const useRejectProof = () =>
  useRefreshingMutation(({ campaignId, submissionId, body }: { campaignId: number; submissionId: number; body: RejectProofBodyInput }) =>
    apiRequest<TaskSubmission>('POST', `/api/campaigns/${campaignId}/submissions/${submissionId}/reject`, body), tasksKey);

/** A proof: its text fields and photos as one multipart request (the kind is the task's, known to the server). */
function submitProof({ campaignId, taskId, fields, photos }: { campaignId: number; taskId: number; fields: Omit<ProofFieldsInput, 'kind'>; photos: File[] }): Promise<TaskSubmission> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (typeof value === 'string' && value !== '') form.append(name, value);
  for (const photo of photos) form.append('file', photo);
  return apiPostForm<TaskSubmission>(`/api/campaigns/${campaignId}/tasks/${taskId}/submissions`, form);
}
export const useSubmitProof = () => useRefreshingMutation(submitProof, tasksKey);
