import { useState } from 'react';
import { z } from 'zod';
import { useTranslation } from '../../../client/i18n/react';
import { ErrorSummary, TextArea, TextField } from '../../../client/components/ui/form';
import { useForm } from '../../../client/hooks/useForm';
import { useNotify } from '../../../client/layout/Notifications';
import type { Language } from '../../../shared/languages';
import { numberInput } from '../../../shared/number-input';
import { bidAmount } from '../bids.schema';
import { useProposePrice } from './bid-prices.api';
import type { Bid } from './bids.api';
import { BidLinesEditor, checkLines, draftOf, type LineDraft } from './BidLinesEditor';

const note = z
  .string()
  .trim()
  .min(3, { message: 'reason_length' })
  .max(500, { message: 'reason_length' });
const withAmount = z.object({ amount: numberInput(bidAmount), note });
const withLines = z.object({ amount: z.string(), note });

/**
 * After the hire the provider proposes a new price, by lines or a total, and says why; the agreed
 * price holds until the client accepts it.
 */
export function PriceProposalForm({ bid, onDone }: { bid: Bid; onDone: () => void }) {
  const { t, i18n } = useTranslation('bidPrices');
  const language = i18n.language as Language;
  const { notify } = useNotify();
  const propose = useProposePrice(bid.id);
  const [lines, setLines] = useState<LineDraft[]>(() =>
    bid.lines.map((line) => draftOf(line, language)),
  );
  const form = useForm({ amount: '', note: '' }, { write: propose });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const checked = lines.length > 0 ? checkLines(lines) : { lines: [] };
    const input = form.check(
      lines.length > 0 ? withLines : withAmount,
      'error' in checked ? { lines: checked.error } : {},
    );
    if (!input || 'error' in checked) return;
    propose.mutate(
      {
        note: input.note,
        lines: checked.lines,
        ...(lines.length > 0 ? {} : { amount: input.amount as number }),
      },
      {
        onSuccess: () => {
          notify('success', t('proposal.sent'));
          onDone();
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      <h4 className="font-semibold">{t('proposal.formTitle')}</h4>
      <ErrorSummary messages={form.messages} />
      <BidLinesEditor lines={lines} onChange={setLines} idPrefix={`proposal-${bid.id}`} />
      {lines.length === 0 && (
        <TextField {...form.field('amount')} inputMode="decimal" label={t('proposal.amount')} />
      )}
      <TextArea {...form.field('note')} label={t('proposal.noteLabel')} maxLength={500} />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn-primary" disabled={propose.isPending}>
          {t('proposal.send')}
        </button>
        <button type="button" className="btn-secondary" onClick={onDone}>
          {t('proposal.cancel')}
        </button>
      </div>
    </form>
  );
}
