import { z } from 'zod';
import { KeySchema } from './chords/key-schema.ts';
import { text } from './schemas/text.ts';

/** Limits of the live channel. */
export const LIVE_LIMITS = {
  announcementMaxLength: 500,
  partLabelMaxLength: 60,
  /** Events one socket may send per second on average, and in one burst. */
  eventsPerSecond: 10,
  eventBurst: 30,
} as const;

/** Client options of spec section 9. */
export const LIVE_SOCKET_OPTIONS = {
  transports: ['websocket'],
  reconnectionAttempts: 10,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
  timeout: 20_000,
} as const;

export const TEXT_SIZE = { min: 0.8, max: 2.5, step: 0.15, default: 1.25 } as const;

/** MIDI of spec section 9: note-on (144) notes 16..23 select parts 0..7; note 64 sends the announcement. */
export const MIDI = {
  noteOn: 0x90,
  firstPartNote: 16,
  lastPartNote: 23,
  announceNote: 64,
} as const;

export const SetlistIdSchema = text().trim().min(1).max(200);

const PartLabelSchema = text().trim().min(1).max(LIVE_LIMITS.partLabelMaxLength);

/** A song's part by its place: a song may have two parts with one label. */
const PartPositionSchema = z.number().int().min(0).max(10_000);

export const UpdatePartPayloadSchema = z.object({
  setlistId: SetlistIdSchema,
  /** Holds the part label, as the spec names it. */
  partIndex: PartLabelSchema,
  /**
   * Ours, optional: the part's index in the song, which must hold that label.
   * With it, the second of two parts called "Chorus" is followed as the second.
   */
  position: PartPositionSchema.optional(),
});

export const SetKeyPayloadSchema = z.object({
  setlistId: SetlistIdSchema,
  /** The entry, numbered as the views number them. */
  index: z.number().int().min(0).max(10_000),
  /** The performance key; null plays the song in its own key again. */
  key: KeySchema.nullable(),
});

export const UpdateCurrentPayloadSchema = z.object({
  setlistId: SetlistIdSchema,
  newIndex: z.number().int().min(-1_000_000).max(1_000_000),
  /**
   * Ours, optional: the part of the new song to land on (Previous Part on a song's first
   * part lands on the last part of the song before). Without it, or when the song has no
   * such part, the song's first part (spec 4).
   */
  partLabel: PartLabelSchema.optional(),
  /** Ours, optional: where `partLabel` is in the new song, when it repeats a label. */
  partPosition: PartPositionSchema.optional(),
  /**
   * Ours, optional: go to this item of the setlist's `items` (a welcome, a sermon)
   * instead of a song. The set's song index then becomes the song after the item (the last
   * song for an item after it), with no part; `newIndex` is not read.
   */
  item: z.number().int().min(0).max(10_000).optional(),
});

export const AnnouncePayloadSchema = z.object({
  setlistId: SetlistIdSchema,
  message: text().max(LIVE_LIMITS.announcementMaxLength * 4),
  /** Ours, optional: a driver's message for the presenter too. Without it, only the band's screens show it. */
  onScreen: z.boolean().optional(),
});

/** The live state of one setlist, authoritative on the server; `version` only grows. */
export interface LiveState {
  setlistId: string;
  currentIndex: number;
  currentPartLabel: string | null;
  /** The current part's index in its song, null when only its label is known. */
  currentPartPosition: number | null;
  version: number;
  /** Who made the last step (their name), null before the first. */
  driver: string | null;
  /** When this run of the set began (ISO), null before the first step. */
  startedAt: string | null;
  /** The item the set is on (an index into the setlist's `items`), null on a song. */
  currentItem: number | null;
}

/**
 * The state a screen receives on joining (`setlist:state`, the join's answer) and as the
 * answer to a key change: with every entry's performance key, numbered as the
 * views number the entries; null for the song's own key.
 */
export interface LiveJoinState extends LiveState {
  keys: (string | null)[];
}

/** Extra facts that ride along with the spec's single-value events. */
export interface LiveMeta {
  setlistId: string;
  version: number;
  /**
   * The song index after this change. A part change carries it too, so each event alone
   * says where the set stands: events of two leaders may arrive out of order.
   */
  currentIndex?: number;
  /** Who made this step (their name). */
  driver?: string | null;
  /** When this run of the set began (ISO). */
  startedAt?: string | null;
  /** With a part change: the part's index in its song. */
  partPosition?: number | null;
  /** With a key change: the entry's song, so a screen whose setlist was reordered meanwhile can tell. */
  songId?: string;
  /**
   * With a song or part change, the item the set is on now (null: on a song). Old
   * screens that do not read it show the song after the item.
   */
  item?: number | null;
}

export interface AnnouncementMeta {
  setlistId: string;
  from: string;
  at: string;
  /** Sent for the presenter too (a driver's "Show on screen"). */
  onScreen: boolean;
}

/**
 * Which screen a socket is, said in the handshake's `auth.view`: a presenter hears only
 * the messages sent for the screen; the live view and the stage display hear them all.
 */
export type LiveViewKind = 'live' | 'presenter' | 'stage';

export type LiveAck = (
  answer: { ok: true; state: LiveState } | { ok: false; error: string },
) => void;

/** Events the browser sends (spec section 7). */
export interface ClientToServerEvents {
  'setlist:join': (setlistId: string, ack?: LiveAck) => void;
  'setlist:leave': (setlistId: string) => void;
  'setlist:updatePart': (
    payload: { setlistId: string; partIndex: string; position?: number },
    ack?: LiveAck,
  ) => void;
  /** Ours: a driver sets the key an entry is played in, for the whole band. */
  'setlist:setKey': (
    payload: { setlistId: string; index: number; key: string | null },
    ack?: LiveAck,
  ) => void;
  'setlist:updateCurrent': (
    payload: {
      setlistId: string;
      newIndex: number;
      partLabel?: string;
      partPosition?: number;
      item?: number;
    },
    ack?: LiveAck,
  ) => void;
  'setlist:announce': (
    payload: { setlistId: string; message: string; onScreen?: boolean },
    ack?: (answer: { ok: boolean; error?: string }) => void,
  ) => void;
}

/** Events the server sends (spec section 7); the second argument is ours, the first the spec's. */
export interface ServerToClientEvents {
  'setlist:currentChanged': (index: number, meta: LiveMeta) => void;
  'setlist:partChanged': (label: string | null, meta: LiveMeta) => void;
  'setlist:announceBroadcast': (message: string, meta: AnnouncementMeta) => void;
  /** The whole state, sent on join and re-join so a late or reconnecting screen lands on the leader's part. */
  'setlist:state': (state: LiveJoinState) => void;
  /** An entry's performance key changed; each screen renders the chords itself. */
  'setlist:keyChanged': (index: number, key: string | null, meta: LiveMeta) => void;
  'live:error': (error: { message: string }) => void;
}

export const LIVE_TEXTS = {
  notAllowed: "You are not a member of this setlist's team.",
  notJoined: 'Join the setlist first.',
  slowDown: 'Too many live events. Slow down.',
  invalid: 'That live event is not valid.',
  emptyAnnouncement: 'An announcement needs some text.',
  notFound: 'Setlist not found.',
  unauthorized: 'You are not logged in.',
  notDriver: 'Only the leader can change the live setlist.',
  notDriverOnScreen: 'Only the leader can show a message on the screen.',
} as const;

/** A setlist's songs as the live rule reads them: who leads each. */
/** Clamps a song index into the setlist (spec 4: between 0 and the last index). */
export function clampSongIndex(index: number, songCount: number): number {
  if (songCount <= 0) return 0;
  return Math.min(Math.max(Math.trunc(index), 0), songCount - 1);
}
