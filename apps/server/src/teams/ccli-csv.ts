import { CCLI_TEXTS, type CcliReport } from '@segue/shared';

/**
 * A cell that a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, or a leading tab or
 * carriage return, OWASP's list) gets a single quote first, so a song titled `=HYPERLINK(…)`
 * stays text when the file is opened.
 */
function inert(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** RFC 4180: a cell holding a comma, a quote or a line break is quoted, its quotes doubled. */
function quoted(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

const cell = (value: string | number | null) =>
  typeof value === 'number' ? String(value) : quoted(inert(value ?? ''));

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
