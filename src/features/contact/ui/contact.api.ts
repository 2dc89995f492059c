import { useMutation } from '@tanstack/react-query';
import { api } from '../../../client/api/client';
import type { ContactInput } from '../contact.schema';

/** A message to support, with the answer to the server's maths question. */
export function useSendContactMessage() {
  return useMutation({
    mutationFn: (
      input: Omit<ContactInput, 'math_answer' | 'challenge_token'> & {
        mathAnswer: string;
        challengeToken: string | undefined;
      },
    ) => api('/contact', { method: 'POST', body: input }),
  });
}
