import { numberFormat } from '../../../lib/i18n/format.ts';

/**
 * Milliseconds as the click's readouts show them, in the active language's digits: a real
 * minus sign, `digits` decimals, no grouping ("−12.5 ms").
 */
export function milliseconds(value: number, digits = 0): string {
  const magnitude = Math.abs(value);
  const shown = numberFormat({
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    useGrouping: false,
  }).format(magnitude);
  const zero = Number(magnitude.toFixed(digits)) === 0;
  return `${value < 0 && !zero ? '−' : ''}${shown} ms`;
}
