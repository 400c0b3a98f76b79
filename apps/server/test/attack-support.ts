/**
 * What the attack suites (attack-http.ts, attack-live.ts, each run by a test file per backend) share: hostile values
 * for fast-check, the process-level fault trap, the error-log trap, snapshots of the database
 * and of Redis, and the app's route table.
 *
 * Generated values are *descriptions* (`Spec`), turned into the real thing only when sent:
 * a counterexample then reads `{ $: 'huge', unit: 'x', length: 1000 }` rather than a
 * hundred kilobytes, and ids of rows that exist only at run time (`@@ref:teamA@@`) are
 * named rather than copied, so a shrunk case replays against a rebuilt world.
 */
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { rows, type TestDatabase } from './databases.ts';

// ---------------------------------------------------------------------------------------------
// Descriptions of hostile values

export type Spec =
  | null
  | boolean
  | number
  | string
  | Spec[]
  | { $: 'obj'; entries: [string, Spec][] }
  /** `unit` repeated up to `length` UTF-16 units. */
  | { $: 'huge'; unit: string; length: number }
  /** `leaf` wrapped `depth` times in arrays or in objects under `key`. */
  | { $: 'deep'; shape: 'array' | 'object' | 'mixed'; depth: number; key: string; leaf: Spec }
  /** An array of `length` copies of `item`. */
  | { $: 'many'; length: number; item: Spec }
  /** Bytes (socket.io sends them as a binary attachment; JSON sees `{type:'Buffer',data}`). */
  | { $: 'bytes'; data: number[] };

/** A value of the world, filled in when the request is sent: `@@ref:teamA@@`. */
export const ref = (name: string) => `@@ref:${name}@@`;
/** A JSON number JSON.stringify cannot write (1e999, -0, 1e-999): replaced in the JSON text. */
export const rawNumber = (literal: string) => `@@raw:${literal}@@`;
/** A plain object as a Spec (keys such as `__proto__` stay own keys). */
export const obj = (entries: Record<string, Spec>): Spec => ({
  $: 'obj',
  entries: Object.entries(entries),
});

/** Strings that have broken parsers, databases, loggers and renderers before. */
export const NASTY_STRINGS: string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF',
  'x\uDBFFy',
  '\uDC00\uD800',
  '\u202Eevil\u202C',
  '\u200F\u061C\u200E',
  '\u200B\u200C\u200D\u2060',
  '\uFEFF',
  '\uFFFE\uFFFF',
  '👨‍👩‍👧‍👦',
  '🎸🎹🥁',
  'e\u0301\u0302\u0303\u0304\u0305\u0306',
  'Z\u0334\u0327\u031B\u031B\u0316\u0353\u032E\u0323\u0344\u030C\u0313\u035D',
  '\r\n\r\n',
  '\t',
  '\u001b[31mred',
  '%00',
  '%',
  '%E0%A4%A',
  '../../etc/passwd',
  "'; drop table song; --",
  '" or 1=1 --',
  '{{7*7}}${7*7}',
  '<script>alert(1)</script>',
  '$ne',
  '$where',
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '1e308',
  '1e999',
  '0x1F',
  '1_000',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'a'.repeat(201),
  'admin',
  'owner',
  '2030-02-30',
  '2030-13-45',
  '0000-00-00',
  '2030-01-01T25:61:61Z',
  'Verse 1',
  'Chorus',
];

/** Keys that change what an object means to a careless reader, plus the product's field names. */
export const NASTY_KEYS: string[] = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  '$where',
  '$ne',
  '',
  '\u0000',
  'a.b',
  'a[0]',
  'name',
  'description',
  'email',
  'password',
  'oldPassword',
  'userId',
  'secret',
  'otp',
  'role',
  'newOwnerId',
  'ids',
  'title',
  'artist',
  'parts',
  'label',
  'lines',
  'chords',
  'lyrics',
  'songs',
  'song',
  'leader',
  'positions',
  'assignedTo',
  'date',
  'notes',
  'teamId',
  'setlistId',
  'partIndex',
  'newIndex',
  // The order of service: items between the songs, durations and the start time.
  'items',
  'item',
  'at',
  'duration',
  'startTime',
  'message',
  'token',
  // The owner's confirmation of the team's licence for the congregation's link.
  'confirmed',
];

export const NUMBER_CONSTANTS: number[] = [
  0,
  -0,
  1,
  -1,
  0.5,
  1e308,
  -1e308,
  5e-324,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 2,
  1e21,
  1_000_001,
];

export const RAW_NUMBERS: string[] = [
  '1e999',
  '-1e999',
  '-0',
  '-0.0',
  '1e-999',
  '123456789012345678901234567890',
  '1E+2',
];

/** Up to ~100 KB of one unit; long enough to hurt, short enough to keep a run fast. */
export const hugeString: fc.Arbitrary<Spec> = fc.record({
  $: fc.constant('huge' as const),
  unit: fc.constantFrom('x', '\u0000', '\uD800', '😀', 'e\u0301', '\u202E', '"', '\\', ' ', '%'),
  length: fc.integer({ min: 1_000, max: 100_000 }),
});

export function hostileLeaf(refs: string[], options: { huge?: boolean } = {}): fc.Arbitrary<Spec> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
    { weight: 3, arbitrary: fc.constantFrom(...refs.map(ref)) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 24 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 24 }) },
    { weight: 2, arbitrary: fc.constantFrom<Spec>(null, true, false, ...NUMBER_CONSTANTS) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_NUMBERS.map(rawNumber)) },
    { weight: 1, arbitrary: fc.double() },
    { weight: 1, arbitrary: fc.integer() },
    ...(options.huge === false ? [] : [{ weight: 1, arbitrary: hugeString }]),
  );
}

export function deepSpec(leaf: fc.Arbitrary<Spec>): fc.Arbitrary<Spec> {
  return fc.record({
    $: fc.constant('deep' as const),
    shape: fc.constantFrom('array' as const, 'object' as const, 'mixed' as const),
    depth: fc.integer({ min: 100, max: 1000 }),
    key: fc.constantFrom('a', '__proto__', 'constructor', 'prototype', 'songs', 'parts', 'name'),
    leaf,
  });
}

/** Any hostile value: leaves, small trees with nasty keys, deep nesting, long arrays. */
export function hostileSpec(refs: string[], extra: fc.Arbitrary<Spec>[] = []): fc.Arbitrary<Spec> {
  const leaf = hostileLeaf(refs);
  const key = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...NASTY_KEYS) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 8 }) },
  );
  const { value } = fc.letrec<{ value: Spec; array: Spec; object: Spec }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      { weight: 6, arbitrary: leaf },
      { weight: 2, arbitrary: tie('array') },
      { weight: 2, arbitrary: tie('object') },
      ...extra.map((arbitrary) => ({ weight: 1, arbitrary })),
    ),
    array: fc.array(tie('value'), { maxLength: 4 }),
    object: fc
      .array(fc.tuple(key, tie('value')), { maxLength: 4 })
      .map((entries): Spec => ({ $: 'obj', entries })),
  }));
  return fc.oneof(
    { weight: 8, arbitrary: value },
    { weight: 1, arbitrary: deepSpec(leaf) },
    {
      weight: 1,
      arbitrary: fc.record({
        $: fc.constant('many' as const),
        length: fc.integer({ min: 501, max: 20_000 }),
        // Not a huge string: 20 000 copies of 100 KB would test the test's memory, not the app.
        item: hostileLeaf(refs, { huge: false }),
      }),
    },
  );
}

/** Every place inside a Spec a value can be put: [] is the whole, then entries and items. */
function specPaths(spec: Spec, prefix: (string | number)[] = []): (string | number)[][] {
  const paths = [prefix];
  if (Array.isArray(spec)) spec.forEach((s, i) => paths.push(...specPaths(s, [...prefix, i])));
  else if (isTagged(spec, 'obj'))
    spec.entries.forEach(([, s], i) => paths.push(...specPaths(s, [...prefix, i])));
  return paths;
}

function isTagged<T extends Exclude<Spec, null | boolean | number | string | Spec[]>['$']>(
  spec: Spec,
  tag: T,
): spec is Extract<Spec, { $: T }> {
  return typeof spec === 'object' && spec !== null && !Array.isArray(spec) && spec.$ === tag;
}

function mapAt(spec: Spec, path: (string | number)[], f: (s: Spec) => Spec): Spec {
  if (path.length === 0) return f(spec);
  const [head, ...rest] = path as [number, ...number[]];
  if (Array.isArray(spec)) return spec.map((s, i) => (i === head ? mapAt(s, rest, f) : s));
  if (isTagged(spec, 'obj')) {
    return {
      $: 'obj',
      entries: spec.entries.map(([k, s], i): [string, Spec] => [
        k,
        i === head ? mapAt(s, rest, f) : s,
      ]),
    };
  }
  return spec;
}

/**
 * A plausible body bent out of shape: as it is, one value replaced, a key added (often
 * `__proto__` or `constructor`), wrapped in an array, or replaced altogether.
 */
export function mutated(template: Spec, hostile: fc.Arbitrary<Spec>): fc.Arbitrary<Spec> {
  const paths = specPaths(template);
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant(template) },
    {
      weight: 5,
      arbitrary: fc
        .tuple(fc.nat({ max: paths.length - 1 }), hostile)
        .map(([i, value]) => mapAt(template, paths[i]!, () => value)),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.nat({ max: paths.length - 1 }), fc.constantFrom(...NASTY_KEYS), hostile)
        .map(([i, key, value]) =>
          mapAt(template, paths[i]!, (s) =>
            isTagged(s, 'obj') ? { $: 'obj', entries: [...s.entries, [key, value]] } : s,
          ),
        ),
    },
    { weight: 1, arbitrary: fc.constant<Spec>([template]) },
    { weight: 2, arbitrary: hostile },
  );
}

/** Replaces `@@ref:name@@` inside a string with the world's value. */
export function fillRefs(text: string, refs: Record<string, string>): string {
  return text.replace(/@@ref:([A-Za-z0-9]+)@@/g, (whole, name: string) => refs[name] ?? whole);
}

/** The JS value a Spec describes. */
export function materialize(spec: Spec, refs: Record<string, string>): unknown {
  if (typeof spec === 'string') return fillRefs(spec, refs);
  if (spec === null || typeof spec !== 'object') return spec;
  if (Array.isArray(spec)) return spec.map((s) => materialize(s, refs));
  switch (spec.$) {
    case 'obj':
      return ownObject(spec.entries.map(([k, s]) => [k, materialize(s, refs)]));
    case 'huge':
      return spec.unit.repeat(Math.ceil(spec.length / spec.unit.length));
    case 'many':
      return Array.from({ length: spec.length }, () => materialize(spec.item, refs));
    case 'bytes':
      return Buffer.from(spec.data);
    case 'deep': {
      let value = materialize(spec.leaf, refs);
      for (let i = 0; i < spec.depth; i++) {
        const asArray = spec.shape === 'array' || (spec.shape === 'mixed' && i % 2 === 0);
        value = asArray ? [value] : ownObject([[spec.key, value]]);
      }
      return value;
    }
  }
}

/** An object whose keys are all own data properties, `__proto__` included. */
function ownObject(entries: [string, unknown][]): Record<string, unknown> {
  const o: Record<string, unknown> = {};
  for (const [k, v] of entries) {
    Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
  }
  return o;
}

/** JSON text of a Spec, with raw number literals (1e999, -0) written as they are. */
export function jsonText(spec: Spec, refs: Record<string, string>): string {
  const text = JSON.stringify(materialize(spec, refs)) ?? 'null';
  return text.replace(/"@@raw:([^"@]*)@@"/g, '$1');
}

/** Percent-encodes UTF-8 bytes (a lone surrogate becomes EF BF BD, as a browser would send it). */
export function percentEncode(text: string): string {
  return [...Buffer.from(text, 'utf8')]
    .map((b) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(b))
        ? String.fromCharCode(b)
        : `%${b.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

/**
 * What can reach a header over real HTTP: Node reads header bytes as latin1 and refuses
 * control characters, so anything else is replaced (injecting it would test nothing real).
 */
export function headerSafe(text: string): string {
  return [...text]
    .map((c) => {
      const code = c.charCodeAt(0);
      return c.length === 1 && (code === 9 || (code >= 0x20 && code !== 0x7f && code <= 0xff))
        ? c
        : '?';
    })
    .join('')
    .trim();
}

/** Fails with every item written out in full (a vitest diff would shorten them). */
export function expectNone(items: string[], message: string) {
  if (items.length > 0) expect.fail(`${message}:\n${items.join('\n')}`);
}

/** A readable, bounded rendering for failure messages. */
export function preview(value: unknown, max = 300): string {
  let text: string;
  try {
    text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  } catch {
    text = String(value);
  }
  return text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;
}

// ---------------------------------------------------------------------------------------------
// Traps

/** Faults outside any request: unhandled rejections, uncaught exceptions, error logs. */
export class FaultTrap {
  readonly faults: string[] = [];
  private readonly onRejection = (reason: unknown) =>
    this.faults.push(`unhandledRejection: ${describeError(reason)}`);
  private readonly onException = (error: unknown) =>
    this.faults.push(`uncaughtException: ${describeError(error)}`);
  private restoreLog: (() => void) | null = null;

  install() {
    process.on('unhandledRejection', this.onRejection);
    process.on('uncaughtException', this.onException);
  }

  /**
   * The app logs what it did not expect (a 500, a failed live event, a failed handshake or
   * re-check) at error level; with `logger: false` those calls go to a no-op logger that the
   * app, its requests and the live gateway share, so wrapping it here sees every one of them.
   */
  watchLog(app: FastifyInstance) {
    const log = app.log as unknown as Record<'error' | 'fatal', (...args: unknown[]) => void>;
    const original = { error: log.error, fatal: log.fatal };
    for (const level of ['error', 'fatal'] as const) {
      log[level] = (...args: unknown[]) => {
        const [first, second] = args;
        const err = (first as { err?: unknown } | undefined)?.err;
        this.faults.push(
          `log.${level}: ${typeof second === 'string' ? second : preview(first)}${err ? ` ${describeError(err)}` : ''}`,
        );
      };
    }
    this.restoreLog = () => Object.assign(log, original);
  }

  uninstall() {
    process.off('unhandledRejection', this.onRejection);
    process.off('uncaughtException', this.onException);
    this.restoreLog?.();
  }

  /** Lets pending rejections surface, then hands back (and forgets) what was caught. */
  async drain(): Promise<string[]> {
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    return this.faults.splice(0);
  }
}

export function describeError(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as { cause?: unknown }).cause;
    return `${error.stack ?? error.message}${cause ? `\ncaused by ${describeError(cause)}` : ''}`;
  }
  return preview(error);
}

// ---------------------------------------------------------------------------------------------
// Database snapshot

/** Columns a refused call may legitimately change, and why. */
export type Exclusions = Record<string, { columns: string[]; why: string }>;

/**
 * One md5 per row of every application table (public schema), minus excluded columns.
 * Per row rather than per table, so a difference can name the rows that appeared.
 */
export class DatabaseSnapshot {
  private query: ReturnType<typeof sql.raw> | null = null;
  private tables: { name: string; row: string }[] = [];

  constructor(
    private readonly database: TestDatabase,
    private readonly exclusions: Exclusions,
  ) {}

  private async prepare() {
    const columns = await rows<{ table_name: string; column_name: string }>(
      this.database,
      sql`select table_name, column_name from information_schema.columns
          where table_schema = 'public' order by table_name, ordinal_position`,
    );
    const byTable = new Map<string, string[]>();
    for (const c of columns) {
      if (this.exclusions[c.table_name]?.columns.includes(c.column_name)) continue;
      byTable.set(c.table_name, [...(byTable.get(c.table_name) ?? []), c.column_name]);
    }
    this.tables = [...byTable].map(([name, cols]) => ({
      name,
      row: `row(${cols.map((c) => `t."${c}"`).join(', ')})::text`,
    }));
    this.query = sql.raw(
      this.tables
        .map((t) => `select '${t.name}' as tbl, md5(${t.row}) as h from "${t.name}" t`)
        .join(' union all '),
    );
  }

  async take(): Promise<Map<string, string[]>> {
    if (!this.query) await this.prepare();
    const result = await rows<{ tbl: string; h: string }>(this.database, this.query!);
    const byTable = new Map<string, string[]>(this.tables.map((t) => [t.name, []]));
    for (const r of result) byTable.get(r.tbl)!.push(r.h);
    for (const hashes of byTable.values()) hashes.sort();
    return byTable;
  }

  /** '' when equal; otherwise which tables changed and the rows that appeared there. */
  async difference(before: Map<string, string[]>, after: Map<string, string[]>) {
    const lines: string[] = [];
    for (const table of this.tables) {
      const a = before.get(table.name) ?? [];
      const b = after.get(table.name) ?? [];
      if (a.join() === b.join()) continue;
      const gone = a.filter((h) => !b.includes(h)).length;
      const added = b.filter((h) => !a.includes(h));
      const shown = added.length
        ? await rows<{ r: string }>(
            this.database,
            sql.raw(
              `select ${table.row} as r from "${table.name}" t where md5(${table.row}) in (${added
                .slice(0, 5)
                .map((h) => `'${h}'`)
                .join(', ')})`,
            ),
          )
        : [];
      lines.push(
        `${table.name}: ${gone} row(s) gone or changed, ${added.length} new or changed: ${shown
          .map((s) => preview(s.r, 400))
          .join(' | ')}`,
      );
    }
    return lines.join('\n');
  }
}

// ---------------------------------------------------------------------------------------------
// Redis snapshot

/** Kinds of keys (by what follows the app's prefix) a refused call may change, and why. */
export type RedisExclusions = Record<string, string>;

/**
 * Every key under one app's Redis prefix with its value (counters, hashes, sets as they are),
 * minus the excluded kinds: with several instances the change feed's generation counters
 * live there, and a refused write must bump none of them (nor leave a key behind).
 */
export class RedisSnapshot {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly exclusions: RedisExclusions,
  ) {}

  async take(): Promise<Map<string, string>> {
    const keys: string[] = [];
    const pattern = `${this.prefix.replace(/[*?[\]\\]/g, '\\$&')}*`;
    let cursor = '0';
    do {
      const [next, batch] = await this.redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
      cursor = next;
      keys.push(...batch);
    } while (cursor !== '0');
    const kept = [...new Set(keys)]
      .filter((key) => {
        const name = key.slice(this.prefix.length);
        return !Object.keys(this.exclusions).some((excluded) => name.startsWith(excluded));
      })
      .sort();
    // Two round trips for all of them: their types, then their values as each type reads.
    const types = (await this.redis.pipeline(kept.map((key) => ['type', key])).exec()) ?? [];
    const reads = this.redis.pipeline();
    const typeOf = kept.map((key, i) => {
      const type = String(types[i]?.[1]);
      if (type === 'string') reads.get(key);
      else if (type === 'hash') reads.hgetall(key);
      else if (type === 'set') reads.smembers(key);
      else if (type === 'zset') reads.zrange(key, 0, -1, 'WITHSCORES');
      else if (type === 'list') reads.lrange(key, 0, -1);
      else reads.dumpBuffer(key);
      return type;
    });
    const values = (await reads.exec()) ?? [];
    const snapshot = new Map<string, string>();
    kept.forEach((key, i) => {
      const [error, value] = values[i] ?? [null, null];
      if (error) throw error;
      const type = typeOf[i]!;
      // Gone between the scan and the read: as if never seen.
      if (type === 'none' || value === null) return;
      snapshot.set(key, `${type} ${rendered(type, value)}`);
    });
    return snapshot;
  }

  /** '' when equal; otherwise each key that appeared, went or changed, with its values. */
  difference(before: Map<string, string>, after: Map<string, string>): string {
    const lines: string[] = [];
    for (const key of new Set([...before.keys(), ...after.keys()])) {
      const was = before.get(key);
      const is = after.get(key);
      if (was === is) continue;
      const name = key.slice(this.prefix.length);
      if (was === undefined) lines.push(`redis ${name}: new, ${preview(is, 200)}`);
      else if (is === undefined) lines.push(`redis ${name}: gone (was ${preview(was, 200)})`);
      else lines.push(`redis ${name}: ${preview(was, 200)} -> ${preview(is, 200)}`);
    }
    return lines.join('\n');
  }
}

/** A Redis value as text, sets and hashes in a fixed order. */
function rendered(type: string, value: unknown): string {
  if (type === 'string') return String(value);
  if (type === 'hash') return JSON.stringify(Object.entries(value as object).sort());
  if (type === 'set') return JSON.stringify([...(value as string[])].sort());
  if (Buffer.isBuffer(value)) return value.toString('hex');
  return JSON.stringify(value);
}

// ---------------------------------------------------------------------------------------------
// The app's routes

/**
 * Every route Fastify serves (method and URL; HEAD, which Fastify adds to each GET, left
 * out), read from its route table as `printRoutes` draws it: a tree whose lines add a piece
 * of path to their parent's and name the methods served there.
 */
export function servedRoutes(app: FastifyInstance): { method: string; url: string }[] {
  const routes: { method: string; url: string }[] = [];
  const paths: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (depth > 0 ? paths[depth - 1]! : '') + match[2]!;
    paths.length = depth;
    paths.push(path);
    for (const method of match[3]?.split(', ') ?? []) {
      if (method !== 'HEAD') routes.push({ method, url: path });
    }
  }
  return routes;
}

/** The seed `npm test` and CI use, so a run that passed on main passes again. */
const DEFAULT_SEED = 20_261_122;

/**
 * A seed for this file's properties: ATTACK_SEED=<n> replays a run, ATTACK_SEED=random
 * explores with a fresh one (printed on failure); otherwise the fixed default, so the
 * suite never fails CI on a case nobody changed code for.
 */
export function baseSeed(): number {
  const wanted = process.env.ATTACK_SEED;
  if (wanted === 'random') return Math.floor(Math.random() * 2 ** 31);
  const fromEnv = Number(wanted);
  return wanted && Number.isInteger(fromEnv) ? fromEnv : DEFAULT_SEED;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
