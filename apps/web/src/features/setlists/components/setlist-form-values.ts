import { z } from 'zod';
import {
  DEFAULT_CLICK_ON_STEP,
  DurationSchema,
  SetlistEntryInputSchema,
  SetlistInputSchema,
  SetlistItemInputSchema,
  formatDuration,
  orderOfService,
  parseDuration,
  splitOrder,
} from '@segue/shared';
import type { Control } from 'react-hook-form';
import type { SetlistDetails } from '@segue/shared';
import { setlistDay } from './setlist-dates.ts';
import { t } from '../../../lib/i18n/i18n.ts';

/**
 * A duration as a person types it (minutes, `m:ss` or `h:mm:ss`; empty for none), read into
 * seconds and held to the shared limit.
 */
const DurationFieldSchema = z.string().transform((text, ctx) => {
  const seconds = parseDuration(text);
  if (seconds === undefined) {
    ctx.addIssue({ code: 'custom', message: t('setlists.durationInvalid') });
    return z.NEVER;
  }
  const checked = DurationSchema.safeParse(seconds);
  if (checked.success) return checked.data;
  for (const issue of checked.error.issues)
    ctx.addIssue({ code: 'custom', message: issue.message });
  return z.NEVER;
});

/**
 * An entry's tempo as typed (empty for the song's own), read into BPM and held to the shared
 * rule and its message. Empty sends null, so clearing the field clears the saved tempo.
 */
const TempoFieldSchema = z.string().transform((text, ctx) => {
  const digits = text.trim();
  if (!digits) return null;
  // Anything but digits (72.5, "fast") is no whole number: NaN gets the shared message.
  const checked = SetlistEntryInputSchema.shape.tempo.safeParse(
    /^\d+$/.test(digits) ? Number(digits) : Number.NaN,
  );
  if (checked.success) return checked.data ?? null;
  for (const issue of checked.error.issues)
    ctx.addIssue({ code: 'custom', message: issue.message });
  return z.NEVER;
});

const SongRowSchema = SetlistEntryInputSchema.extend({
  kind: z.literal('song'),
  duration: DurationFieldSchema,
  tempo: TempoFieldSchema,
});

const ItemRowSchema = SetlistItemInputSchema.omit({ at: true }).extend({
  kind: z.literal('item'),
  duration: DurationFieldSchema,
});

type SongRowOutput = z.output<typeof SongRowSchema>;
type ItemRowOutput = z.output<typeof ItemRowSchema>;

/**
 * The setlist form's own schema: the shared body's fields, but songs and items in
 * the one order of service the planner arranges, with durations as typed. Once checked, it
 * is the body of `POST /api/setlist`: `splitOrder` gives `songs` and `items`, held to the
 * shared limits.
 */
export const SetlistFormSchema = SetlistInputSchema.omit({ songs: true, items: true })
  .extend({ order: z.array(z.discriminatedUnion('kind', [SongRowSchema, ItemRowSchema])) })
  .transform(({ order, ...rest }, ctx) => {
    const split = splitOrder<Omit<SongRowOutput, 'kind'>, Omit<ItemRowOutput, 'kind'>>(
      order.map((row) =>
        row.kind === 'song'
          ? { kind: 'song' as const, value: withoutKind(row) }
          : { kind: 'item' as const, value: withoutKind(row) },
      ),
    );
    // Too many songs or items: the shared schema's own words, about the order as a whole.
    const checked = SetlistInputSchema.pick({ songs: true, items: true }).safeParse(split);
    if (checked.success) return { ...rest, ...checked.data };
    for (const issue of checked.error.issues) {
      ctx.addIssue({ code: 'custom', message: issue.message, path: ['order'] });
    }
    return z.NEVER;
  });

function withoutKind<R extends { kind: string }>({ kind: _kind, ...rest }: R): Omit<R, 'kind'> {
  return rest;
}

/** What the setlist form holds: the setlist with its songs and items in one order. */
export type SetlistFormValues = z.input<typeof SetlistFormSchema>;
/** The form's values once checked: the body of `POST /api/setlist` and `PUT /api/setlist/{id}`. */
export type CheckedSetlistValues = z.output<typeof SetlistFormSchema>;
/** The form's control, as its parts (positions, the order) take it. */
export type SetlistFormControl = Control<SetlistFormValues, unknown, CheckedSetlistValues>;
/** One row of the order: a song (with leader, key, tempo and duration) or an item. */
export type OrderRow = SetlistFormValues['order'][number];
export type SongRow = Extract<OrderRow, { kind: 'song' }>;
export type ItemRow = Extract<OrderRow, { kind: 'item' }>;

/** A duration in a field: `4:05`, or empty for none. */
export const durationText = (seconds: number | null): string =>
  seconds === null ? '' : formatDuration(seconds);

/** A tempo in a field: `72`, or empty for the song's own. */
export const tempoText = (bpm: number | null | undefined): string =>
  bpm === null || bpm === undefined ? '' : String(bpm);

/** A song as a new row of the order: no leader, the song's own key and tempo, no duration. */
export const songRow = (
  song: string,
  leader: string | null = null,
  key: string | null = null,
  tempo = '',
) => ({ kind: 'song', song, leader, key, tempo, duration: '' }) satisfies SongRow;

/** A new, empty item at the end of the order. */
export const emptyItemRow = (): ItemRow => ({ kind: 'item', title: '', notes: '', duration: '' });

/** The form's starting values: empty for a new setlist, else the setlist as it is stored. */
export function formValuesOf(setlist?: SetlistDetails): SetlistFormValues {
  if (!setlist) {
    return {
      name: '',
      date: '',
      startTime: '',
      notes: '',
      clickOnStep: DEFAULT_CLICK_ON_STEP,
      lyricLanguages: [],
      order: [],
      positions: [],
    };
  }
  return {
    name: setlist.name,
    date: setlistDay(setlist.date),
    startTime: setlist.startTime ?? '',
    notes: setlist.notes,
    clickOnStep: setlist.clickOnStep,
    lyricLanguages: setlist.lyricLanguages,
    order: orderOfService(setlist).flatMap((entry): OrderRow[] => {
      if (entry.kind === 'song') {
        const song = setlist.songs[entry.index];
        return song
          ? [
              {
                ...songRow(song.song._id, song.leader, song.key, tempoText(song.tempo)),
                duration: durationText(song.duration),
              },
            ]
          : [];
      }
      const item = setlist.items[entry.index];
      return item
        ? [
            {
              kind: 'item',
              title: item.title,
              notes: item.notes,
              duration: durationText(item.duration),
            },
          ]
        : [];
    }),
    positions: setlist.positions.map((position) => ({
      name: position.name,
      assignedTo: position.assignedTo,
    })),
  };
}
