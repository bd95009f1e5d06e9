import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AcceptAgreementBody, Agreement, AgreementEvent, AgreementsQuery, CreateAgreementBody, ReviseAgreementBody,
} from '@shared/contracts/agreements';
import { apiRequest, getJson } from '@client/lib/api';

// Pro staff agreements (decision record 028): each endpoint's fetcher, query options and hook side by side.

const agreementsKey = ['agreements'] as const;

function queryString(filters: AgreementsQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const agreementsQuery = (filters: AgreementsQuery = {}) =>
  queryOptions({ queryKey: [...agreementsKey, 'list', filters], queryFn: () => getJson<Agreement[]>(`/api/agreements${queryString(filters)}`) });
export const agreementQuery = (id: number) =>
  queryOptions({ queryKey: [...agreementsKey, 'one', id], queryFn: () => getJson<Agreement>(`/api/agreements/${id}`) });
export const historyQuery = (id: number) =>
  queryOptions({ queryKey: [...agreementsKey, 'history', id], queryFn: () => getJson<AgreementEvent[]>(`/api/agreements/${id}/history`) });

/** The roster CSV's URL with the list's filters (a plain download link). */
export const rosterCsvUrl = (filters: AgreementsQuery) => `/api/agreements/roster.csv${queryString(filters)}`;

export function useAgreements(filters: AgreementsQuery = {}, enabled = true) {
  return useQuery({ ...agreementsQuery(filters), enabled });
}

export function useAgreement(id: number) {
  return useQuery(agreementQuery(id));
}

export function useAgreementHistory(id: number) {
  return useQuery(historyQuery(id));
}

/** Active agreements: a business's active pro staff, a staffer's brands. */
export function useActiveAgreements(enabled = true) {
  return useAgreements({ status: 'active' }, enabled);
}

/** Every agreement query is out of date after any transition. */
function useAgreementMutation<TVariables>(mutationFn: (variables: TVariables) => Promise<Agreement>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: agreementsKey }) });
}

export const useOfferAgreement = () => useAgreementMutation((body: CreateAgreementBody) => apiRequest<Agreement>('POST', '/api/agreements', body));
export const useReviseAgreement = () =>
  useAgreementMutation(({ id, body }: { id: number; body: ReviseAgreementBody }) => apiRequest<Agreement>('POST', `/api/agreements/${id}/revisions`, body));
export const useAcceptAgreement = () =>
  useAgreementMutation(({ id, body }: { id: number; body: AcceptAgreementBody }) => apiRequest<Agreement>('POST', `/api/agreements/${id}/accept`, body));
export const useDeclineAgreement = () =>
  useAgreementMutation(({ id, reason }: { id: number; reason: string }) => apiRequest<Agreement>('POST', `/api/agreements/${id}/decline`, { reason }));
export const useEndAgreement = () =>
  useAgreementMutation(({ id, reason }: { id: number; reason: string }) => apiRequest<Agreement>('POST', `/api/agreements/${id}/end`, { reason }));

type ProStaffOption = { id: number; name: string };
/** The pro staff a business can offer an agreement to (the same list the discount code form uses). */
export function useProStaffChoices(enabled: boolean) {
  return useQuery({ queryKey: [...agreementsKey, 'pro-staff-choices'], queryFn: () => getJson<ProStaffOption[]>('/api/discount-codes/pro-staff-options'), enabled });
}
