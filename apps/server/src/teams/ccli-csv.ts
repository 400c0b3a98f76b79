import { CCLI_TEXTS, type CcliReport } from '@segue/shared';

/**
 * Where a spreadsheet may start a formula: a piece of the cell, after the comma we write or any
 * separator a spreadsheet may guess instead (a semicolon, as much of Europe reads CSV, a tab or
 * a line break), that starts, leading spaces aside, with `=`, `+`, `-` or `@`; or a piece that
 * starts with a tab or a carriage return (OWASP's list).
 */
const FORMULA = /(?:^|[,;\t\r\n])\s*[=+\-@]|(?:^|[,;])[\t\r]/;

/**
 * RFC 4180, and OWASP's guard against CSV injection: a cell that a spreadsheet could read as a
 * formula, in any of its pieces, gets a single quote first and is quoted whole, so that
 * `=HYPERLINK(…)`, or a title such as `Amen;=1+1` opened where `;` separates cells, stays
 * text. Other cells are quoted only when they hold a separator, a quote or a line break, their
 * quotes doubled; a plain title is written as it is.
 */
function cellText(value: string): string {
  const inert = FORMULA.test(value);
  const text = inert ? `'${value}` : value;
  return inert || /[",;\t\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const cell = (value: string | number | null) =>
  typeof value === 'number' ? String(value) : cellText(value ?? '');

/**
 * The report as CSV: a header row, then one row per song, CRLF line ends. It starts with a
 * UTF-8 byte order mark so that Excel reads accented titles as UTF-8; the licence number is
 * not in the file (one table, header first, for any spreadsheet or script to read).
 */
export function ccliReportCsv(report: CcliReport): string {
  const { columns } = CCLI_TEXTS;
  const header = [columns.title, columns.artist, columns.ccli, columns.uses, columns.lastUsed];
  const lines = [
    header.map(cell).join(','),
    ...report.rows.map((row) =>
      [row.title, row.artist, row.ccli, row.uses, row.lastUsed].map(cell).join(','),
    ),
  ];
  return `\uFEFF${lines.map((line) => `${line}\r\n`).join('')}`;
}

/** The download's name: `ccli-report-<from>-to-<to>.csv`. */
export const ccliReportFilename = (report: Pick<CcliReport, 'from' | 'to'>) =>
  `ccli-report-${report.from}-to-${report.to}.csv`;
