/** The mark that stands where a contact detail was. */
export const MASK = '•••';
export interface Masked {
  text: string;
  masked: boolean;
}

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.\p{L}{2,}/gu;
const PHONE = /(?:\+|00)?\d(?:[\s./-]?\d){8,13}/g;

/** Replaces every e-mail and phone number in `text` with MASK. */
export function maskContacts(text: string): Masked {
  const out = text.replace(EMAIL, MASK).replace(PHONE, MASK);
  return { text: out, masked: out !== text };
}
