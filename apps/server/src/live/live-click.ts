/**
 * What the band's click does, decided in memory like a step (live-steps.ts): a driver's start,
 * stop or tap tempo, and a running click following the set to another song. No I/O and no
 * clock here: the engine passes the server's time and orders the result with the steps. The
 * beat grid itself is `@segue/shared`'s (click/beat-grid.ts). docs/DECISIONS.md, "The click".
 */
import {
  changeTempoAt,
  CLICK_LIMITS,
  ClickStateSchema,
  LIVE_TEXTS,
  parseTimeSignature,
  startClick,
  stopClick,
  type ClickState,
  type Meter,
} from '@segue/shared';
import type { Position, RoomFacts } from './live-steps.ts';

/** A driver's click event, as the gateway parsed it (its setlist aside). */
export type ClickCommand =
  | { action: 'start'; countInBars: number; bpm?: number | undefined }
  | { action: 'stop' }
  | { action: 'tempo'; bpm: number };

/** What a click command comes to. */
export type ClickResult =
  | { kind: 'changed'; click: ClickState }
  /** Nothing to change (stopping a click that does not run): no new version. */
  | { kind: 'unchanged'; click: ClickState | null }
  | { kind: 'refused'; reason: string };

/** A click as stored (a row, Redis): anything the schema does not take is none. */
export function clickOf(value: unknown): ClickState | null {
  if (value === null || value === undefined) return null;
  const parsed = ClickStateSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/**
 * The tempo and meter the click plays an entry in: `bpm` when the driver gave one, else the
 * entry's tempo (the setlist's for it, else the song's); the meter from the song's time
 * signature (none: 4/4). The reason it cannot, as the driver is told.
 */
export function clickSettingsOf(
  entry: RoomFacts['entries'][number] | undefined,
  bpm?: number,
): { bpm: number; meter: Meter } | { refused: string } {
  const meter = parseTimeSignature(entry?.time ?? null);
  if (!meter) return { refused: LIVE_TEXTS.clickUncountable };
  const tempo = bpm ?? entry?.tempo ?? null;
  if (tempo === null) return { refused: LIVE_TEXTS.clickNeedsTempo };
  // A song may say up to 400 BPM; the click stops at 300 (a 400 BPM song is counted in halves,
  // which is the driver's call: they give the click a tempo of their own).
  if (tempo > CLICK_LIMITS.maxBpm) return { refused: LIVE_TEXTS.clickTooFast };
  return { bpm: tempo, meter };
}

/**
 * A driver's click event at `nowServerMs` (server time) on the set at `position`: start (beat 0
 * `CLICK_START_LEAD_MS` ahead, at the current song's tempo and meter unless `bpm` is given),
 * stop, or a new tempo from the running click's next bar line (its meter stays). The version
 * is the caller's to set: the live version the change is ordered under.
 */
export function clickCommanded(
  click: ClickState | null,
  facts: RoomFacts,
  position: Pick<Position, 'currentIndex'>,
  command: ClickCommand,
  nowServerMs: number,
): ClickResult {
  if (command.action === 'stop') {
    return click?.running
      ? { kind: 'changed', click: stopClick(click) }
      : { kind: 'unchanged', click };
  }
  if (command.action === 'tempo') {
    if (!click?.running) return { kind: 'refused', reason: LIVE_TEXTS.clickNotRunning };
    if (click.bpm === command.bpm) return { kind: 'unchanged', click };
    const { beatsPerBar, beatUnit, pulse } = click;
    const meter = { beatsPerBar, beatUnit, pulse };
    return { kind: 'changed', click: changeTempoAt(click, command.bpm, meter, nowServerMs) };
  }
  const settings = clickSettingsOf(facts.entries[position.currentIndex], command.bpm);
  if ('refused' in settings) return { kind: 'refused', reason: settings.refused };
  const started = startClick(settings.bpm, settings.meter, command.countInBars, nowServerMs);
  return { kind: 'changed', click: started };
}

/**
 * The click after a step from `before` to `after` at `nowServerMs`, with `version` (the
 * step's) when it changed, else the same object. A running click follows the set onto another
 * song (a different entry, or a song after an item), as the setlist says: with `follow`, the new
 * song's tempo and meter from the first bar line at least `CLICK_CHANGE_LEAD_MS` after the step
 * (no count-in: the band plays on), or a stop when that song gives the click nothing to count;
 * with `stop`, a stop. A step to an item, or within a song, leaves it as it is.
 */
export function clickAfterStep(
  facts: RoomFacts,
  before: Position,
  after: Position,
  click: ClickState | null,
  nowServerMs: number,
  version: number,
): ClickState | null {
  if (!click?.running || after.currentItem !== null) return click;
  const onAnotherSong = before.currentItem !== null || before.currentIndex !== after.currentIndex;
  if (!onAnotherSong) return click;
  if (facts.clickOnStep === 'stop') return { ...stopClick(click), version };
  const settings = clickSettingsOf(facts.entries[after.currentIndex]);
  if ('refused' in settings) return { ...stopClick(click), version };
  const { bpm, meter } = settings;
  const same =
    click.bpm === bpm &&
    click.beatsPerBar === meter.beatsPerBar &&
    click.beatUnit === meter.beatUnit &&
    click.pulse === meter.pulse;
  if (same) return click;
  return { ...changeTempoAt(click, bpm, meter, nowServerMs), version };
}

/**
 * A click silenced with a new run (after a long pause nothing goes on from the last one): a
 * running click reads as stopped, under `version`. Anything else stays as it is.
 */
export function silenced(click: ClickState | null, version: number): ClickState | null {
  return click?.running ? { ...stopClick(click), version } : click;
}
