import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/** A mutation after which the queries under `queryKey` are out of date: they refetch once it succeeds. */
export function useRefreshingMutation<TVariables, TResult>(mutationFn: (variables: TVariables) => Promise<TResult>, queryKey: QueryKey) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey }) });
}
