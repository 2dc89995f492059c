import { useTranslation } from '../../../client/i18n/react';
import { BIDDING_DAYS } from '../requests.rules';

/** How long a new request takes bids: 3, 7, 14 or 30 days (docs/requests.md "Time for bids"). */
export function BiddingDaysSelect({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation('ending');
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor="field-bidding_days" className="text-sm font-medium text-stone-800">
        {t('create.label')}
      </label>
      <select
        id="field-bidding_days"
        name="bidding_days"
        value={value}
        aria-describedby="field-bidding_days-hint"
        onChange={(event) => onChange(event.target.value)}
        className="min-h-11 rounded-lg border border-stone-300 bg-white px-3"
      >
        {BIDDING_DAYS.map((days) => (
          <option key={days} value={days}>
            {t('days', { count: days })}
          </option>
        ))}
      </select>
      <p id="field-bidding_days-hint" className="text-xs text-stone-600">
        {t('create.hint')}
      </p>
    </div>
  );
}
