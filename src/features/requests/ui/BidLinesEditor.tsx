import { Plus, Trash2 } from 'lucide-react';
import { useTranslation } from '../../../client/i18n/react';
import { inputClass } from '../../../client/components/ui/form';
import { formatEuro } from '../../../shared/format';
import type { Language } from '../../../shared/languages';
import { formatNumberInput, parseNumberInput } from '../../../shared/number-input';
import {
  BID_LINE_KINDS,
  MAX_BID_LINES,
  linesTotalCents,
  type BidLine,
  type BidLineKind,
} from '../bids.rules';
import { bidLines } from '../bids.schema';

/** A line as typed: numbers as the person writes them ("12,5"), in their language. */
export interface LineDraft {
  label: string;
  kind: BidLineKind;
  quantity: string;
  unit: string;
  unitPrice: string;
}

export const emptyLine = (): LineDraft => ({
  label: '',
  kind: 'labour',
  quantity: '1',
  unit: '',
  unitPrice: '',
});

/** A stored line as the form shows it again (camelCased from the server). */
export const draftOf = (
  line: {
    label: string;
    kind: BidLineKind;
    quantity: number;
    unit: string;
    unitPriceCents: number;
  },
  language: Language,
): LineDraft => ({
  label: line.label,
  kind: line.kind,
  quantity: formatNumberInput(line.quantity, language),
  unit: line.unit,
  unitPrice: formatNumberInput(line.unitPriceCents / 100, language),
});

/** A typed line as the wire takes it; NaN where a number could not be read (the schema refuses). */
function lineOf(draft: LineDraft): BidLine {
  const euros = parseNumberInput(draft.unitPrice);
  return {
    label: draft.label,
    kind: draft.kind,
    quantity: parseNumberInput(draft.quantity) ?? Number.NaN,
    unit: draft.unit,
    unit_price_cents: euros === undefined ? Number.NaN : Math.round(euros * 100),
  };
}

/**
 * The lines as the server will check them (the shared schema): the lines, or the first message
 * key of what is wrong.
 */
export function checkLines(drafts: LineDraft[]): { lines: BidLine[] } | { error: string } {
  const parsed = bidLines.safeParse(drafts.map(lineOf));
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? 'choice_invalid' };
  return { lines: parsed.data };
}

/** The total of the lines typed so far, or undefined while one cannot be read. */
function totalOf(drafts: LineDraft[]): number | undefined {
  const lines = drafts.map(lineOf);
  const total = linesTotalCents(lines);
  return Number.isFinite(total) ? total : undefined;
}

/**
 * The priced lines of a bid (docs/bids.md "Priced lines"): a name, a kind, a quantity, a unit
 * and a unit price each; the total under them is what the server will compute.
 */
export function BidLinesEditor({
  lines,
  onChange,
  idPrefix,
}: {
  lines: LineDraft[];
  onChange: (lines: LineDraft[]) => void;
  idPrefix: string;
}) {
  const { t, i18n } = useTranslation('bidPrices');
  const language = i18n.language as Language;
  const set = (index: number, change: Partial<LineDraft>) =>
    onChange(lines.map((line, at) => (at === index ? { ...line, ...change } : line)));
  const total = totalOf(lines);

  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="text-sm font-medium text-stone-800">{t('lines.title')}</legend>
      <p className="text-xs text-stone-600">{t('lines.hint')}</p>
      {lines.map((line, index) => {
        const id = `${idPrefix}-line-${index}`;
        return (
          <div
            key={index}
            className="grid grid-cols-2 gap-2 rounded-lg border border-stone-200 p-3 sm:grid-cols-6"
          >
            <label
              className="col-span-2 flex flex-col gap-1 text-xs sm:col-span-3"
              htmlFor={`${id}-label`}
            >
              {t('lines.label')}
              <input
                id={`${id}-label`}
                className={inputClass}
                value={line.label}
                maxLength={120}
                onChange={(event) => set(index, { label: event.target.value })}
              />
            </label>
            <label
              className="col-span-2 flex flex-col gap-1 text-xs sm:col-span-3"
              htmlFor={`${id}-kind`}
            >
              {t('lines.kind')}
              <select
                id={`${id}-kind`}
                className={inputClass}
                value={line.kind}
                onChange={(event) => set(index, { kind: event.target.value as BidLineKind })}
              >
                {BID_LINE_KINDS.map((kind) => (
                  <option key={kind} value={kind}>
                    {t(`kinds.${kind}`)}
                  </option>
                ))}
              </select>
            </label>
            <label className="flex flex-col gap-1 text-xs sm:col-span-2" htmlFor={`${id}-quantity`}>
              {t('lines.quantity')}
              <input
                id={`${id}-quantity`}
                className={inputClass}
                inputMode="decimal"
                value={line.quantity}
                onChange={(event) => set(index, { quantity: event.target.value })}
              />
            </label>
            <label className="flex flex-col gap-1 text-xs" htmlFor={`${id}-unit`}>
              {t('lines.unit')}
              <input
                id={`${id}-unit`}
                className={inputClass}
                value={line.unit}
                maxLength={20}
                onChange={(event) => set(index, { unit: event.target.value })}
              />
            </label>
            <label className="flex flex-col gap-1 text-xs sm:col-span-2" htmlFor={`${id}-price`}>
              {t('lines.unitPrice')}
              <input
                id={`${id}-price`}
                className={inputClass}
                inputMode="decimal"
                value={line.unitPrice}
                onChange={(event) => set(index, { unitPrice: event.target.value })}
              />
            </label>
            <div className="flex items-end justify-end">
              <button
                type="button"
                className="btn-secondary"
                aria-label={t('lines.remove', { number: index + 1 })}
                onClick={() => onChange(lines.filter((_, at) => at !== index))}
              >
                <Trash2 aria-hidden="true" className="size-4" />
              </button>
            </div>
          </div>
        );
      })}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <button
          type="button"
          className="btn-secondary"
          disabled={lines.length >= MAX_BID_LINES}
          onClick={() => onChange([...lines, emptyLine()])}
        >
          <Plus aria-hidden="true" className="size-4" />
          {t('lines.add')}
        </button>
        {lines.length > 0 && total !== undefined && (
          <p className="font-semibold" aria-live="polite">
            {t('lines.total', { amount: formatEuro(total, language) })}
          </p>
        )}
      </div>
    </fieldset>
  );
}
