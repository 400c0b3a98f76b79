import type { CcliReportQuery } from '@segue/shared';
import { localDay } from '../../../lib/local-day.ts';

/**
 * The calendar quarter before the one `today` is in, as the report's first period: CCLI
 * reporting runs in periods, and the last full quarter is the one due.
 */
export function lastFullQuarter(today: Date = new Date()): CcliReportQuery {
  const quarterStartMonth = Math.floor(today.getMonth() / 3) * 3;
  // Day 0 of a month is the last day of the month before it.
  const from = new Date(today.getFullYear(), quarterStartMonth - 3, 1);
  const to = new Date(today.getFullYear(), quarterStartMonth, 0);
  return { from: localDay(from), to: localDay(to) };
}
