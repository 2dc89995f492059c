import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../client/api/client';
import type { CamelCased } from '../../../client/api/types';
import type { MyVerifications } from '../verifications.schema';

export type OwnVerifications = CamelCased<MyVerifications>;
export type OwnDocumentView = OwnVerifications['documents'][number];

export const verificationKeys = {
  all: ['verifications'] as const,
  mine: () => [...verificationKeys.all, 'mine'] as const,
};

/** A document's file: shown in the browser (`inline`) or downloaded. Its provider and administrators only. */
export const documentUrl = (id: string, inline = true) =>
  `/api/verifications/${id}/document${inline ? '?disposition=inline' : ''}`;

/** The provider's own documents, their states and the badges they earn now. */
export function useMyVerifications(enabled = true) {
  return useQuery({
    queryKey: verificationKeys.mine(),
    queryFn: ({ signal }) => api<OwnVerifications>('/verifications/mine', { signal }),
    enabled,
  });
}

/** Uploads a document: the section shows the answer at once. */
export function useUploadDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FormData) =>
      api<OwnVerifications>('/verifications', { method: 'POST', body }),
    onSuccess: (answer) => queryClient.setQueryData(verificationKeys.mine(), answer),
  });
}
