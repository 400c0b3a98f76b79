// The rows of the results table: what each figure is, its unit and its target.
// A row's Segue and baseline values come from the measure named in `measure`;
// if that measure fails, its rows show the error. The live rows' values are medians
// of several runs per side, each row also holding every run's value.
import { FOLLOW_FIGURES } from './follow-shape.mjs';
import { LIVE_CASES } from './live-fanout.mjs';
import { WEB_ROUTES } from './web.mjs';

/** @type {(import('./report.mjs').Figure & { measure: string, liveCase?: string })[]} */
export const FIGURES = [
  ...LIVE_CASES.flatMap((c) => [
    {
      measure: 'live',
      liveCase: c.id,
      id: `${c.id}.p50`,
      name: `Live fan-out p50, ${c.title}`,
      unit: 'ms',
      digits: 2,
      target: null,
    },
    {
      measure: 'live',
      liveCase: c.id,
      id: `${c.id}.p95`,
      name: `Live fan-out p95, ${c.title}`,
      unit: 'ms',
      digits: 2,
      target: null,
    },
    {
      measure: 'live',
      liveCase: c.id,
      id: `${c.id}.p99`,
      name: `Live fan-out p99, ${c.title}`,
      unit: 'ms',
      digits: 2,
      target: { text: `≤ ${c.p99Max}x`, ratioMax: c.p99Max },
    },
    {
      measure: 'live',
      liveCase: c.id,
      id: `${c.id}.lost`,
      name: `Live lost per run (of 50,000), ${c.title}`,
      unit: '',
      digits: 0,
      target: { text: '= 0 in every run', valueEquals: 0, everyRun: true },
    },
  ]),
  {
    measure: 'api',
    id: 'api.setlist',
    name: 'GET /api/setlist/{id} (20 songs)',
    unit: 'req/s',
    digits: 0,
    target: { text: '≥ 0.3x', ratioMin: 0.3 },
  },
  {
    measure: 'api',
    id: 'api.songs',
    name: 'GET /api/songs (2,000 songs)',
    unit: 'req/s',
    digits: 0,
    target: { text: '≥ 0.3x', ratioMin: 0.3 },
  },
  {
    measure: 'memory',
    id: 'memory.perClient',
    name: 'Server heap per live client (1,000 clients)',
    unit: 'KB',
    digits: 2,
    target: { text: '≤ 20 KB', valueMax: 20 },
  },
  ...WEB_ROUTES.map((r) => ({
    measure: 'web',
    id: r.id,
    name: `${r.name} first load as sent (HTML, JS, CSS; br)`,
    unit: 'KB',
    digits: 1,
    target: { text: `≤ ${r.budgetKb} KB`, ratioMax: 1 },
  })),
  {
    measure: 'files',
    id: 'files.health',
    name: 'GET /api/health p99 while four 5 MB worst-case song files are read (baseline: none read)',
    unit: 'ms',
    digits: 2,
    target: { text: '≤ 100 ms', valueMax: 100 },
  },
  {
    measure: 'files',
    id: 'files.step',
    name: 'Live step ack p99 while four 5 MB worst-case song files are read (baseline: none read)',
    unit: 'ms',
    digits: 2,
    target: { text: '≤ 100 ms', valueMax: 100 },
  },
  {
    measure: 'files',
    id: 'files.read',
    name: 'One 5 MB worst-case song file read, four at once (median)',
    unit: 'ms',
    digits: 0,
    target: null,
  },
  // The congregation's follow sockets (follow-measure.mjs).
  ...FOLLOW_FIGURES,
  {
    measure: 'library',
    id: 'library.import',
    name: 'Import 2,000 songs (median of 3)',
    unit: 'ms',
    digits: 1,
    target: null,
  },
  {
    measure: 'library',
    id: 'library.search',
    name: 'Search 10,000 songs (median of 20)',
    unit: 'ms',
    digits: 2,
    target: null,
  },
];
