import { RefreshCw } from 'lucide-react';
import { useTranslation } from '../../../client/i18n/react';
import { useChallengeQuery } from './challenge.api';

/** The server's maths question. Each question answers once, so a new one is fetched after every try. */
export function useChallenge() {
  const query = useChallengeQuery();
  return {
    question: query.data?.question,
    token: query.data?.token,
    reload: () => void query.refetch(),
    failed: query.isError,
  };
}

export function MathChallengeField({
  challenge,
  value,
  onChange,
  error,
}: {
  challenge: ReturnType<typeof useChallenge>;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation('common');
  return (
    <fieldset className="rounded-lg border border-stone-200 bg-stone-50 p-4">
      <legend className="px-1 text-sm font-medium text-stone-800">{t('challenge.legend')}</legend>
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1.5">
          <label htmlFor="field-math_answer" className="text-sm text-stone-800">
            {challenge.question
              ? t('challenge.question', { question: challenge.question })
              : t('loading')}
          </label>
          <input
            id="field-math_answer"
            name="math_answer"
            inputMode="numeric"
            autoComplete="off"
            value={value}
            onChange={(event) => onChange(event.target.value)}
            aria-invalid={error ? true : undefined}
            className="w-28 rounded-lg border border-stone-300 bg-white px-3 py-2.5 text-base aria-[invalid=true]:border-red-600"
          />
        </div>
        <button type="button" className="btn-secondary" onClick={challenge.reload}>
          <RefreshCw aria-hidden="true" className="size-4" />
          {t('challenge.newQuestion')}
        </button>
      </div>
      {error && <p className="mt-2 text-sm text-red-700">{error}</p>}
    </fieldset>
  );
}
