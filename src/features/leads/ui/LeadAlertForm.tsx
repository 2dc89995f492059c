import { useState } from 'react';
import { ErrorSummary } from '../../../client/components/ui/form';
import { useTranslation } from '../../../client/i18n/react';
import { CATEGORIES, type Category } from '../../../shared/categories';
import type { PlaceView } from '../../places/places.schema';
import { PlacePicker } from '../../places/ui/PlacePicker';
import {
  DEFAULT_LEAD_RADIUS_KM,
  LEAD_FREQUENCIES,
  LEAD_WORDS,
  type LeadFrequency,
} from '../leads.schema';
import type { LeadAlertDraft } from './leads.api';

/** The radii offered, in km (the server takes any whole number from 5 to 200). */
export const RADIUS_CHOICES = [5, 10, 20, 30, 40, 50, 75, 100, 150, 200] as const;

/** Words as the person types them: separated by commas. */
export const wordsFromText = (text: string) =>
  text
    .split(',')
    .map((word) => word.trim())
    .filter((word) => word !== '');

/** One alert being added or changed; `onSave` gets the draft once it is complete. */
export function LeadAlertForm({
  initial,
  initialPlace,
  saving,
  onSave,
  onCancel,
}: {
  initial?: LeadAlertDraft | undefined;
  initialPlace?: PlaceView | undefined;
  saving: boolean;
  onSave: (draft: LeadAlertDraft) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['leads', 'categories']);
  const [categories, setCategories] = useState<Category[]>(initial?.categories ?? []);
  const [place, setPlace] = useState<PlaceView | null>(initialPlace ?? null);
  const [radiusKm, setRadiusKm] = useState(initial?.radiusKm ?? DEFAULT_LEAD_RADIUS_KM);
  const [words, setWords] = useState((initial?.words ?? []).join(', '));
  const [frequency, setFrequency] = useState<LeadFrequency>(initial?.frequency ?? 'instant');
  const [errors, setErrors] = useState<string[]>([]);
  const radii = RADIUS_CHOICES.includes(radiusKm as (typeof RADIUS_CHOICES)[number])
    ? RADIUS_CHOICES
    : [...RADIUS_CHOICES, radiusKm].sort((a, b) => a - b);

  const toggle = (category: Category, on: boolean) =>
    setCategories((chosen) =>
      on ? [...chosen, category] : chosen.filter((other) => other !== category),
    );

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const list = wordsFromText(words);
    const problems = [
      ...(categories.length === 0 ? [t('leads:form.categoriesRequired')] : []),
      ...(place === null ? [t('leads:form.placeRequired')] : []),
      ...(list.length > LEAD_WORDS.max ? [t('leads:form.tooManyWords')] : []),
      ...(list.some((word) => word.length > LEAD_WORDS.length.max)
        ? [t('leads:form.wordTooLong')]
        : []),
    ];
    setErrors(problems);
    if (problems.length > 0 || place === null) return;
    onSave({ id: initial?.id, categories, placeId: place.id, radiusKm, words: list, frequency });
  };

  return (
    <form onSubmit={submit} noValidate className="card flex flex-col gap-4 p-4 sm:p-6">
      <ErrorSummary messages={errors} />
      <fieldset>
        <legend className="text-sm font-medium text-stone-800">{t('leads:form.categories')}</legend>
        <div className="mt-2 grid max-h-64 grid-cols-1 gap-x-4 overflow-auto rounded-lg border border-stone-200 p-2 sm:grid-cols-2">
          {CATEGORIES.map((category) => (
            <label key={category} className="flex min-h-11 items-center gap-2">
              <input
                type="checkbox"
                className="size-5 shrink-0"
                checked={categories.includes(category)}
                onChange={(event) => toggle(category, event.target.checked)}
              />
              <span className="min-w-0 break-words">{t(`categories:${category}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <PlacePicker
        id="lead-place"
        value={place}
        onChange={setPlace}
        label={t('leads:form.place')}
        hint={t('leads:form.placeHint')}
        required
      />
      <div className="flex flex-col gap-1.5">
        <label htmlFor="lead-radius" className="text-sm font-medium text-stone-800">
          {t('leads:form.radius')}
        </label>
        <select
          id="lead-radius"
          value={radiusKm}
          onChange={(event) => setRadiusKm(Number(event.target.value))}
          className="min-h-11 rounded-lg border border-stone-300 bg-white px-3"
        >
          {radii.map((km) => (
            <option key={km} value={km}>
              {t('leads:radiusKm', { km })}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="lead-words" className="text-sm font-medium text-stone-800">
          {t('leads:form.words')}
        </label>
        <input
          id="lead-words"
          value={words}
          onChange={(event) => setWords(event.target.value)}
          aria-describedby="lead-words-hint"
          className="min-h-11 rounded-lg border border-stone-300 bg-white px-3"
        />
        <p id="lead-words-hint" className="text-xs text-stone-600">
          {t('leads:form.wordsHint')}
        </p>
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-stone-800">{t('leads:form.frequency')}</legend>
        <div className="mt-1 flex flex-col">
          {LEAD_FREQUENCIES.map((choice) => (
            <label key={choice} className="flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name="lead-frequency"
                className="size-5 shrink-0"
                checked={frequency === choice}
                onChange={() => setFrequency(choice)}
              />
              <span>{t(`leads:frequency.${choice}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn-primary" disabled={saving}>
          {t('leads:form.save')}
        </button>
        <button type="button" className="btn-secondary" onClick={onCancel}>
          {t('leads:form.cancel')}
        </button>
      </div>
    </form>
  );
}
