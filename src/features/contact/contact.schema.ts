import { z } from 'zod';
import { LIMITS } from '../../shared/limits';
import { emailField, nameField } from '../../shared/validation';
import { challengeAnswer } from '../challenge/challenge.schema';

export const contactBody = z
  .object({
    name: nameField,
    email: emailField,
    subject: z
      .string({ message: 'required' })
      .trim()
      .min(LIMITS.contactSubject.min, { message: 'subject_length' })
      .max(LIMITS.contactSubject.max, { message: 'subject_length' }),
    message: z
      .string({ message: 'required' })
      .trim()
      .min(LIMITS.contactMessage.min, { message: 'message_length' })
      .max(LIMITS.contactMessage.max, { message: 'message_length' }),
  })
  .extend(challengeAnswer.shape);
export type ContactInput = z.infer<typeof contactBody>;

export const contactResponse = z.object({ message: z.string() });
