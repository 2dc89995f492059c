import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../client/api/client';
import type { CamelCased } from '../../../client/api/types';
import { uploadForm } from '../../../client/api/upload';
import type { CompletionResponse } from '../completion.schema';
import { requestKeys, type RequestDetail } from './requests.api';

export type Completion = CamelCased<CompletionResponse>;

/**
 * What both sides said about the end of a hired job. Under the request's key, so whatever
 * refreshes the request (its live events, its changes) refreshes this too.
 */
export const completionKey = (id: string) => [...requestKeys.detail(id), 'completion'] as const;

export function useCompletion(id: string, enabled: boolean) {
  return useQuery({
    queryKey: completionKey(id),
    queryFn: ({ signal }) => api<Completion>(`/work-requests/${id}/completion`, { signal }),
    enabled,
  });
}

/** A photo of a step, shown or downloaded. */
export const completionFileUrl = (requestId: string, fileId: string, inline = false) =>
  `/api/work-requests/${requestId}/completion-files/${fileId}${inline ? '?disposition=inline' : ''}`;

/**
 * The provider's "done" or the client's problem: a form with photos. The answer is the request as
 * it now is; its steps and the client's lists are fetched again.
 */
export function useCompletionStep(step: 'done' | 'problem') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      body,
      onProgress,
    }: {
      id: string;
      body: FormData;
      onProgress: (sent: number, total: number) => void;
    }) =>
      uploadForm<{ workRequest: RequestDetail }>(`/work-requests/${id}/${step}`, body, onProgress),
    onSuccess: ({ workRequest }) => {
      queryClient.setQueryData(requestKeys.detail(workRequest.id), { workRequest });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: completionKey(workRequest.id) }),
        queryClient.invalidateQueries({ queryKey: requestKeys.mine() }),
      ]);
    },
  });
}
