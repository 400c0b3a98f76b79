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
 * @property {{ text: string, ratioMax?: number, ratioMin?: number, valueMax?: number, valueEquals?: number, everyRun?: boolean } | null} target
 *   `everyRun`: the value checks hold for each of Segue's runs, not just for their median
 *
 * @typedef {object} Value
 * @property {number} [segue]
 * @property {number} [baseline]
 * @property {{ segue: number[], baseline: number[] }} [runs]  each run's value, when the figure is their median
 * @property {string} [missing]
 * @property {string} [error]  this figure's part of the measure failed
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
    /** Lowest and highest of the runs, per side, when the figure is a median of runs. */
    spread: null,
    runs: null,
    target: figure.target?.text ?? null,
    /** 'pass' | 'fail' | 'info' (no target) | 'missing' | 'error' */
    status: 'info',
    note: null,
  };
  if (error || !value || value.error) {
    row.status = 'error';
    row.note = error ?? value?.error ?? 'not measured';
    return row;
  }
  if (value.missing) {
    row.status = 'missing';
    row.note = value.missing;
    return row;
  }
  row.segue = value.segue ?? null;
  row.baseline = value.baseline ?? null;
  if (value.runs) {
    row.runs = value.runs;
    const range = (list) => (list.length ? [Math.min(...list), Math.max(...list)] : null);
    row.spread = { segue: range(value.runs.segue), baseline: range(value.runs.baseline) };
  }
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
    if (t.everyRun && t.valueMax !== undefined)
      checks.push((row.runs?.segue ?? []).every((v) => v <= t.valueMax));
    if (t.everyRun && t.valueEquals !== undefined)
      checks.push((row.runs?.segue ?? []).every((v) => v === t.valueEquals));
    row.status = checks.every(Boolean) ? 'pass' : 'fail';
  }
  return row;
}

const fmt = (value, digits, unit) =>
  value === null || value === undefined || !Number.isFinite(value)
    ? '—'
    : `${value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })}${unit ? ` ${unit}` : ''}`;

/** A value, and the lowest and highest of its runs in brackets when they differ. */
const fmtSpread = (value, spread, digits, unit) => {
  const text = fmt(value, digits, unit);
  if (!spread || spread[0] === spread[1] || text === '—') return text;
  return `${text} (${fmt(spread[0], digits, '')}–${fmt(spread[1], digits, '')})`;
};

/** The cells of a row, as text. */
function cells(row, figure) {
  const result =
    row.status === 'error' || row.status === 'missing'
      ? `${row.status}: ${row.note}`
      : { pass: 'pass', fail: 'FAIL', info: '—' }[row.status];
  return [
    row.name,
    fmtSpread(row.segue, row.spread?.segue, figure.digits, row.unit),
    fmtSpread(row.baseline, row.spread?.baseline, figure.digits, row.unit),
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
    Math.max(h.length, ...lines.map((l) => Math.min(l[c].length, 75))),
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
    'Ratio is Segue / baseline, both measured in this run, one after the other. Baselines: a bare socket.io server that only relays the event to the room (live, memory), a bare socket.io relay sending the follow page (the same bytes) to the phones of its room (follow), a bare `node:http` server answering the same bytes (API), plain SQL through `pg` on the same database (library), the budget itself (web), the same three browser devices with no clock shift and no network delay (click). Live: 1,000 followers in 100 rooms and their 100 leaders, a step every 120 ms or, at 2× rate, every 60 ms; two instances: two Segue processes with Redis on one database against two bare relays on the Redis adapter of socket.io, followers alternately on the two, leaders split. Each live figure is the median of 3 runs per side (its ratio, of the medians), the lowest and highest of the three in brackets when they differ; both sides stay connected and take turns within each round. Follow: one room of phones and its leader, a step every 200 ms, 3 runs per side as live; idle phones held by each server at once, its heap (after gc) and event-loop delay read inside its process; the storm drops every phone of the room at once. 1 KB = 1,000 bytes. Raw figures: `bench/results/latest.json`.',
    '',
    ...(report.details.live?.pace ? [report.details.live.pace, ''] : []),
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
