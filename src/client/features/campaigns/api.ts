import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Campaign, CampaignDetail, CampaignFieldsInput, LinkAssetBody } from '@shared/contracts/campaigns';
import { apiPostForm, apiRequest, getJson } from '@client/lib/api';
import { useRefreshingMutation } from '@client/lib/mutations';

// Campaigns (decision record 031): each endpoint's fetcher, query options and hook side by side.

const campaignsKey = ['campaigns'] as const;

export const campaignsQuery = () => queryOptions({ queryKey: [...campaignsKey, 'list'], queryFn: () => getJson<Campaign[]>('/api/campaigns') });
export const campaignQuery = (id: number) => queryOptions({ queryKey: [...campaignsKey, 'one', id], queryFn: () => getJson<CampaignDetail>(`/api/campaigns/${id}`) });

export const useCampaigns = (enabled = true) => useQuery({ ...campaignsQuery(), enabled });
export const useCampaign = (id: number) => useQuery(campaignQuery(id));

export const useCreateCampaign = () => useRefreshingMutation((body: CampaignFieldsInput) => apiRequest<CampaignDetail>('POST', '/api/campaigns', body), campaignsKey);
export const useUpdateCampaign = () =>
  useRefreshingMutation(({ id, body }: { id: number; body: CampaignFieldsInput }) => apiRequest<CampaignDetail>('PUT', `/api/campaigns/${id}`, body), campaignsKey);
export const useDeleteCampaign = () => useRefreshingMutation((id: number) => apiRequest<void>('DELETE', `/api/campaigns/${id}`), campaignsKey);
export const useCloseCampaign = () => useRefreshingMutation((id: number) => apiRequest<CampaignDetail>('POST', `/api/campaigns/${id}/close`), campaignsKey);
export const useAddLinkAsset = () =>
  useRefreshingMutation(({ id, body }: { id: number; body: LinkAssetBody }) => apiRequest<CampaignDetail>('POST', `/api/campaigns/${id}/assets/link`, body), campaignsKey);
export const useRemoveAsset = () =>
  useRefreshingMutation(({ id, assetId }: { id: number; assetId: number }) => apiRequest<CampaignDetail>('DELETE', `/api/campaigns/${id}/assets/${assetId}`), campaignsKey);

/** A file asset: the text fields and the file as one multipart request. */
function uploadFileAsset({ id, name, usageNotes, file }: { id: number; name: string; usageNotes: string; file: File }): Promise<CampaignDetail> {
  const form = new FormData();
  form.append('name', name);
  form.append('usageNotes', usageNotes);
  form.append('file', file);
  return apiPostForm<CampaignDetail>(`/api/campaigns/${id}/assets/file`, form);
}
export const useAddFileAsset = () => useRefreshingMutation(uploadFileAsset, campaignsKey);
