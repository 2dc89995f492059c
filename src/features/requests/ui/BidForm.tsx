import { useState } from 'react';
import { useTranslation } from '../../../client/i18n/react';
import { z } from 'zod';
import type { Language } from '../../../shared/languages';
import { formatNumberInput, numberInput } from '../../../shared/number-input';
import { ErrorSummary, TextArea, TextField } from '../../../client/components/ui/form';
import { useForm } from '../../../client/hooks/useForm';
import { useNotify } from '../../../client/layout/Notifications';
import { bidAmount, bidDescription } from '../bids.schema';
import { useChangeBid, usePlaceBid, type Bid } from './bids.api';
import { BidLinesEditor, checkLines, draftOf, type LineDraft } from './BidLinesEditor';
import { useSession } from '../../accounts/ui/session';
import { ClientRatingLine } from '../../reviews/ui/ClientRating';

/** Decimal comma or point, thousands apart by spaces, as people type prices. */
const bidForm = z.object({
  amount: numberInput(bidAmount),
  description: bidDescription,
  valid_until: z.string(),
  earliest_start: z.string(),
});
/** With priced lines the total is theirs: no amount to type. */
const linedBidForm = bidForm.extend({ amount: z.string() });

/**
 * A new bid, or a revision of one's own pending bid (spec core §2 bid form: price and details;
 * docs/bids.md "Priced lines": lines, how long the price holds, the earliest start).
 */
export function BidForm({
  workRequestId,
  existing,
  onDone,
}: {
  workRequestId: string;
  existing?: Bid | undefined;
  onDone?: () => void;
}) {
  const { t, i18n } = useTranslation('bids');
  const prices = useTranslation('bidPrices').t;
  const language = i18n.language as Language;
  const { notify } = useNotify();
  const { user } = useSession();
  const placeBid = usePlaceBid(workRequestId);
  const changeBid = useChangeBid(existing?.id ?? '');
  const save = existing ? changeBid : placeBid;
  const [lines, setLines] = useState<LineDraft[]>(
    () => existing?.lines.map((line) => draftOf(line, language)) ?? [],
  );
  const form = useForm(
    {
      amount: existing ? formatNumberInput(existing.amount, language) : '',
      description: existing?.description ?? '',
      valid_until: existing?.validUntil ?? '',
      earliest_start: existing?.earliestStart ?? '',
    },
    { write: save, failKey: 'bid_create_failed' },
  );

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const checked = lines.length > 0 ? checkLines(lines) : { lines: [] };
    const input = form.check(
      lines.length > 0 ? linedBidForm : bidForm,
      'error' in checked ? { lines: checked.error } : {},
    );
    if (!input || 'error' in checked) {
      form.setFormError(t('form.fieldsRequired'));
      return;
    }
    const body = {
      description: input.description,
      lines: checked.lines,
      ...(lines.length > 0 ? {} : { amount: input.amount as number }),
      valid_until: input.valid_until || null,
      earliest_start: input.earliest_start || null,
    };
    save.mutate(body, {
      onSuccess: () => {
        notify('success', t(existing ? 'form.changed' : 'form.sent'));
        onDone?.();
      },
    });
  };

  const idPrefix = existing ? `bid-${existing.id}` : 'new-bid';
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      {/* Who the provider is bidding for: the client's rating from other providers. */}
      <ClientRatingLine workRequestId={workRequestId} viewer={user} />
      <ErrorSummary messages={form.messages} />
      <BidLinesEditor lines={lines} onChange={setLines} idPrefix={idPrefix} />
      {lines.length === 0 && (
        <TextField
          {...form.field('amount')}
          inputMode="decimal"
          label={t('form.amount')}
          hint={t('form.amountHint')}
        />
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField {...form.field('valid_until')} type="date" label={prices('validUntil')} />
        <TextField {...form.field('earliest_start')} type="date" label={prices('earliestStart')} />
      </div>
      <TextArea {...form.field('description')} label={t('form.description')} maxLength={1000} />
      <button type="submit" className="btn-primary" disabled={save.isPending}>
        {t(existing ? 'form.saveChange' : 'form.submit')}
      </button>
    </form>
  );
}
