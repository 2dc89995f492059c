import { useTranslation } from '../../../client/i18n/react';
import { z } from 'zod';
import type { Language } from '../../../shared/languages';
import { formatNumberInput, numberInput } from '../../../shared/number-input';
import { ErrorSummary, TextArea, TextField } from '../../../client/components/ui/form';
import { useForm } from '../../../client/hooks/useForm';
import { useNotify } from '../../../client/layout/Notifications';
import { bidAmount, bidDescription } from '../bids.schema';
import { useChangeBid, usePlaceBid } from './bids.api';
import { useSession } from '../../accounts/ui/session';
import { ClientRatingLine } from '../../reviews/ui/ClientRating';

/** Decimal comma or point, thousands apart by spaces, as people type prices. */
const bidForm = z.object({
  amount: numberInput(bidAmount),
  description: bidDescription,
});

/** A new bid, or a change to one's own pending bid (spec core §2 bid form: price and details). */
export function BidForm({
  workRequestId,
  existing,
  onDone,
}: {
  workRequestId: string;
  existing?: { id: string; amount: number; description: string } | undefined;
  onDone?: () => void;
}) {
  const { t, i18n } = useTranslation('bids');
  const { notify } = useNotify();
  const { user } = useSession();
  const placeBid = usePlaceBid(workRequestId);
  const changeBid = useChangeBid(existing?.id ?? '');
  const save = existing ? changeBid : placeBid;
  const form = useForm(
    {
      amount: existing ? formatNumberInput(existing.amount, i18n.language as Language) : '',
      description: existing?.description ?? '',
    },
    { write: save, failKey: 'bid_create_failed' },
  );

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const input = form.check(bidForm);
    if (!input) {
      form.setFormError(t('form.fieldsRequired'));
      return;
    }
    save.mutate(input, {
      onSuccess: () => {
        notify('success', t(existing ? 'form.changed' : 'form.sent'));
        onDone?.();
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      {/* Who the provider is bidding for: the client's rating from other providers. */}
      <ClientRatingLine workRequestId={workRequestId} viewer={user} />
      <ErrorSummary messages={form.messages} />
      <TextField
        {...form.field('amount')}
        inputMode="decimal"
        label={t('form.amount')}
        hint={t('form.amountHint')}
      />
      <TextArea {...form.field('description')} label={t('form.description')} maxLength={1000} />
      <button type="submit" className="btn-primary" disabled={save.isPending}>
        {t(existing ? 'form.saveChange' : 'form.submit')}
      </button>
    </form>
  );
}
