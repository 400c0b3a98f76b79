// Turning measured values into the results table: ratio, target, pass or fail; then
// printing it and writing it as JSON and Markdown.
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { round } from './stats.mjs';

/**
 * @typedef {object} Figure
 * @property {string} id
 * @property {string} name
 * @property {string} unit
 * @property {number} digits      decimals shown
 * @property {{ text: string, ratioMax?: number, ratioMin?: number, valueMax?: number, valueEquals?: number } | null} target
 *
 * @typedef {{ segue?: number, baseline?: number, missing?: string }} Value
 */

/**
 * One row of the table.
 * @param {Figure} figure
 * @param {Value | undefined} value
 * @param {string | undefined} error  the measure's error, if it failed
 */
export function makeRow(figure, value, error) {
  const row = {
    id: figure.id,
    name: figure.name,
    unit: figure.unit,
    segue: null,
    baseline: null,
    ratio: null,
    target: figure.target?.text ?? null,
    /** 'pass' | 'fail' | 'info' (no target) | 'missing' | 'error' */
    status: 'info',
    note: null,
  };
  if (error || !value) {
    row.status = 'error';
    row.note = error ?? 'not measured';
    return row;
  }
  if (value.missing) {
    row.status = 'missing';
    row.note = value.missing;
    return row;
  }
  row.segue = value.segue ?? null;
  row.baseline = value.baseline ?? null;
  if (Number.isFinite(row.segue) && Number.isFinite(row.baseline) && row.baseline !== 0) {
    row.ratio = row.segue / row.baseline;
  }
  const t = figure.target;
  if (t) {
    const checks = [];
    if (t.ratioMax !== undefined) checks.push(row.ratio !== null && row.ratio <= t.ratioMax);
    if (t.ratioMin !== undefined) checks.push(row.ratio !== null && row.ratio >= t.ratioMin);
    if (t.valueMax !== undefined)
      checks.push(Number.isFinite(row.segue) && row.segue <= t.valueMax);
    if (t.valueEquals !== undefined) checks.push(row.segue === t.valueEquals);
    row.status = checks.every(Boolean) ? 'pass' : 'fail';
  }
  return row;
}

const fmt = (value, digits, unit) =>
  value === null || value === undefined || !Number.isFinite(value)
    ? '—'
    : `${value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })}${unit ? ` ${unit}` : ''}`;

/** The cells of a row, as text. */
function cells(row, figure) {
  const result =
    row.status === 'error' || row.status === 'missing'
      ? `${row.status}: ${row.note}`
      : { pass: 'pass', fail: 'FAIL', info: '—' }[row.status];
  return [
    row.name,
    fmt(row.segue, figure.digits, row.unit),
    fmt(row.baseline, figure.digits, row.unit),
    row.ratio === null ? '—' : `${round(row.ratio, 2).toFixed(2)}x`,
    row.target ?? '—',
    result,
  ];
}

const HEADER = ['Figure', 'Segue', 'Baseline', 'Ratio', 'Target', 'Result'];

/** The table for a terminal. */
export function textTable(rows, figures) {
  const lines = rows.map((row, i) =>
    cells(row, figures[i]).map((c) => c.replace(/\s+/g, ' ').slice(0, 110)),
  );
  const widths = HEADER.map((h, c) =>
    Math.max(h.length, ...lines.map((l) => Math.min(l[c].length, 60))),
  );
  const line = (l) =>
    l
      .map((c, i) => c.padEnd(widths[i]))
      .join('  ')
      .trimEnd();
  return [line(HEADER), widths.map((w) => '-'.repeat(w)).join('  '), ...lines.map(line)].join('\n');
}

/** The table as Markdown, with what the README needs to read it. */
export function markdown(report, figures) {
  const esc = (s) => s.replace(/\|/g, '\\|').replace(/\s+/g, ' ');
  const rows = report.rows.map((row, i) => `| ${cells(row, figures[i]).map(esc).join(' | ')} |`);
  return [
    `Segue benchmark, ${report.generatedAt} (${report.machine.cpus} × ${report.machine.cpuModel}, ${report.machine.memoryGb} GB, Node.js ${report.machine.node}); \`npm run bench\` took ${report.durationSeconds} s.`,
    '',
    `| ${HEADER.join(' | ')} |`,
    `|${HEADER.map(() => '---').join('|')}|`,
    ...rows,
    '',
    'Ratio is Segue / baseline, both measured in this run, one after the other. Baselines: a bare socket.io server that only relays the event to the room (live, memory), a bare `node:http` server answering the same bytes (API), plain SQL through `pg` on the same database (library), the budget itself (web). Live: 1,000 followers in 100 rooms, each leader sending a step every 120 ms at most; figures from the better of two runs per side. 1 KB = 1,000 bytes. Raw figures: `bench/results/latest.json`.',
    '',
  ].join('\n');
}

/** Facts about the machine, printed beside the figures. */
export function machine() {
  return {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model?.replace(/\s+/g, ' ').trim() ?? 'unknown CPU',
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
  };
}

/** Writes `<name>`.json and .md (latest, or partial for `--only`), overwriting the previous ones. */
export async function writeReport(dir, report, figures, name = 'latest') {
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, `${name}.json`), JSON.stringify(report, null, 2) + '\n');
  await writeFile(path.join(dir, `${name}.md`), markdown(report, figures));
}
