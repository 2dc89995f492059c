/**
 * The mark the server writes in place of a contact detail before the hire (docs/conversations.md):
 * a message is stored with it, so both people see the same text.
 */
export const MASK_MARK = '•••';

export interface TextPart {
  text: string;
  /** This part is the mark of a hidden contact detail. */
  masked: boolean;
}

/** A message's text cut around the marks, so a screen can say what each mark stands for. */
export function splitMasked(text: string): TextPart[] {
  const parts: TextPart[] = [];
  text.split(MASK_MARK).forEach((piece, index) => {
    if (index > 0) parts.push({ text: MASK_MARK, masked: true });
    if (piece) parts.push({ text: piece, masked: false });
  });
  return parts;
}

/** The list's one-line excerpt of a message: its lines joined, its spaces collapsed. */
export const excerptOf = (text: string) => text.replace(/\s+/g, ' ').trim();
