import { useTranslation } from '../../../client/i18n/react';
import { formatEuro } from '../../../shared/format';
import { LOCALE_OF, type Language } from '../../../shared/languages';
import type { Bid } from './bids.api';

type Line = Bid['lines'][number];

/** A bid's priced lines with each line's total, in the reader's number and currency format. */
export function BidLinesTable({ lines, totalCents }: { lines: Line[]; totalCents: number }) {
  const { t, i18n } = useTranslation('bidPrices');
  const language = i18n.language as Language;
  if (lines.length === 0) return null;
  const quantity = new Intl.NumberFormat(LOCALE_OF[language], { maximumFractionDigits: 2 });
  return (
    <table className="mt-3 w-full text-sm">
      <caption className="sr-only">{t('lines.title')}</caption>
      <thead className="text-left text-xs text-stone-600">
        <tr>
          <th scope="col" className="pb-1 font-medium">
            {t('lines.label')}
          </th>
          <th scope="col" className="pb-1 text-right font-medium">
            {t('lines.quantityAndPrice')}
          </th>
          <th scope="col" className="pb-1 text-right font-medium">
            {t('lines.lineTotal')}
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line, index) => (
          <tr key={index} className="border-t border-stone-100 align-top">
            <td className="py-1 pr-2">
              <span className="block">{line.label}</span>
              <span className="text-xs text-stone-600">{t(`kinds.${line.kind}`)}</span>
            </td>
            <td className="py-1 pr-2 text-right whitespace-nowrap">
              {t('lines.times', {
                quantity: quantity.format(line.quantity),
                unit: line.unit,
                price: formatEuro(line.unitPriceCents, language),
              })}
            </td>
            <td className="py-1 text-right whitespace-nowrap">
              {formatEuro(line.totalCents, language)}
            </td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr className="border-t border-stone-300 font-semibold">
          <th scope="row" colSpan={2} className="py-1 pr-2 text-right">
            {t('lines.totalLabel')}
          </th>
          <td className="py-1 text-right whitespace-nowrap">{formatEuro(totalCents, language)}</td>
        </tr>
      </tfoot>
    </table>
  );
}
