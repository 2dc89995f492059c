import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { api } from '../../../client/api/client';
import { uploadForm } from '../../../client/api/upload';
import type { ReportReason } from '../conversations.schema';
import {
  conversationKeys,
  olderCursor,
  withConversation,
  withSentMessage,
  withSummary,
  type Conversation,
  type ConversationList,
  type SentMessage,
  type ThreadPage,
  type ThreadPages,
} from './conversation-cache';

export * from './conversation-cache';

/**
 * Every call of conversations (docs/conversations.md): the list of threads, a thread's messages,
 * and each write with its cache effects. Screens import these hooks and never call `api()`.
 */

/** A page of the viewer's threads; the header reads the first page's `unreadTotal`. */
export function useConversations(page: number, enabled = true) {
  return useQuery({
    queryKey: conversationKeys.list(page),
    queryFn: ({ signal }) => api<ConversationList>(`/conversations?page=${page}`, { signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** The viewer's threads of one request: a request's page opens the one there is. */
export const requestThreadsQuery = (workRequestId: string) => ({
  queryKey: conversationKeys.ofRequest(workRequestId),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api<ConversationList>(`/conversations?work_request_id=${workRequestId}`, { signal }),
  staleTime: 0,
});

/**
 * A thread with its newest messages; `fetchNextPage` loads the page before the oldest loaded
 * ("Load older"). A live change fetches the loaded pages again, the newest first.
 */
export function useThreadMessages(id: string) {
  return useInfiniteQuery({
    queryKey: conversationKeys.messages(id),
    queryFn: ({ pageParam, signal }) =>
      api<ThreadPage>(
        `/conversations/${id}/messages${pageParam ? `?before=${encodeURIComponent(pageParam)}` : ''}`,
        { signal },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: olderCursor,
  });
}

/** The thread as the server now tells it, in the thread's pages and in the cached lists. */
function showConversation(queryClient: QueryClient, conversation: Conversation) {
  queryClient.setQueryData<ThreadPages>(conversationKeys.messages(conversation.id), (pages) =>
    withConversation(pages, conversation),
  );
  queryClient.setQueriesData<ConversationList>(
    { queryKey: conversationKeys.lists() },
    (list) => list && withSummary(list, conversation),
  );
}

const idempotency = (key: string) => ({ 'Idempotency-Key': key });

export interface StartInput {
  workRequestId: string;
  /** The client names the provider; a provider writes as themselves and leaves it out. */
  providerId?: string | undefined;
  text: string;
  /** One per composed message (send-attempt.ts). */
  key: string;
}

/** Opens the thread about a request (or writes in the one there is): the lists refresh. */
export function useStartConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, ...body }: StartInput) =>
      api<SentMessage>('/conversations', { method: 'POST', body, headers: idempotency(key) }),
    onSuccess: (sent) => {
      queryClient.setQueryData<ThreadPages>(
        conversationKeys.messages(sent.conversation.id),
        (pages) => withSentMessage(pages, sent),
      );
      void queryClient.invalidateQueries({ queryKey: conversationKeys.lists() });
    },
  });
}

export interface SendInput {
  text: string;
  files: File[];
  key: string;
  /** Bytes sent so far of all of them, while files go up. */
  onProgress?: (sent: number, total: number) => void;
}

/**
 * Sends a message in a thread: JSON, or multipart with its files (after the hire). The message
 * joins the thread on screen from the answer; the lists refresh in the background.
 */
export function useSendMessage(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ text, files, key, onProgress }: SendInput) => {
      const path = `/conversations/${id}/messages`;
      if (files.length === 0)
        return api<SentMessage>(path, {
          method: 'POST',
          body: { text },
          headers: idempotency(key),
        });
      const form = new FormData();
      // The text first: the server reads the fields before the files.
      form.set('text', text);
      for (const file of files) form.append('files', file);
      return uploadForm<SentMessage>(path, form, onProgress ?? (() => {}), idempotency(key));
    },
    onSuccess: (sent) => {
      queryClient.setQueryData<ThreadPages>(conversationKeys.messages(id), (pages) =>
        withSentMessage(pages, sent),
      );
      void queryClient.invalidateQueries({ queryKey: conversationKeys.lists() });
    },
  });
}

/** The viewer has seen the thread: its unread count and the header's go down at once. */
export function useMarkConversationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<{ conversation: Conversation }>(`/conversations/${id}/read`, { method: 'POST' }),
    onSuccess: ({ conversation }) => {
      showConversation(queryClient, conversation);
      void queryClient.invalidateQueries({ queryKey: conversationKeys.lists() });
    },
  });
}

export interface ReportInput {
  id: string;
  reason: ReportReason;
  note?: string | undefined;
}

/** Reports a thread to the administrators; nothing on screen changes. */
export function useReportConversation() {
  return useMutation({
    mutationFn: ({ id, ...body }: ReportInput) =>
      api<{ reportId: string; message: string }>(`/conversations/${id}/report`, {
        method: 'POST',
        body,
      }),
  });
}

/** Blocks the other person of a thread, or lifts one's own block: the thread shows it at once. */
export function useBlockConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, blocked }: { id: string; blocked: boolean }) =>
      api<{ conversation: Conversation }>(`/conversations/${id}/block`, {
        method: blocked ? 'POST' : 'DELETE',
      }),
    onSuccess: ({ conversation }) => {
      showConversation(queryClient, conversation);
      return queryClient.invalidateQueries({ queryKey: conversationKeys.lists() });
    },
  });
}
