import { z } from 'zod';

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

/** Text PostgreSQL can store: no NUL character. */
const storable = (text: string) => !text.includes('\u0000');

export const SetlistIdSchema = z.string().trim().min(1).max(200).refine(storable);

export const UpdatePartPayloadSchema = z.object({
  setlistId: SetlistIdSchema,
  /** Holds the part label, as the spec names it. */
  partIndex: z.string().trim().min(1).max(LIVE_LIMITS.partLabelMaxLength).refine(storable),
});

export const UpdateCurrentPayloadSchema = z.object({
  setlistId: SetlistIdSchema,
  newIndex: z.number().int().min(-1_000_000).max(1_000_000),
});

export const AnnouncePayloadSchema = z.object({
  setlistId: SetlistIdSchema,
  message: z.string().max(LIVE_LIMITS.announcementMaxLength * 4),
});

/** The live state of one setlist, authoritative on the server; `version` only grows. */
export interface LiveState {
  setlistId: string;
  currentIndex: number;
  currentPartLabel: string | null;
  version: number;
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
}

export interface AnnouncementMeta {
  setlistId: string;
  from: string;
  at: string;
}

export type LiveAck = (
  answer: { ok: true; state: LiveState } | { ok: false; error: string },
) => void;

/** Events the browser sends (spec section 7). */
export interface ClientToServerEvents {
  'setlist:join': (setlistId: string, ack?: LiveAck) => void;
  'setlist:leave': (setlistId: string) => void;
  'setlist:updatePart': (payload: { setlistId: string; partIndex: string }, ack?: LiveAck) => void;
  'setlist:updateCurrent': (
    payload: { setlistId: string; newIndex: number },
    ack?: LiveAck,
  ) => void;
  'setlist:announce': (
    payload: { setlistId: string; message: string },
    ack?: (answer: { ok: boolean; error?: string }) => void,
  ) => void;
}

/** Events the server sends (spec section 7); the second argument is ours, the first the spec's. */
export interface ServerToClientEvents {
  'setlist:currentChanged': (index: number, meta: LiveMeta) => void;
  'setlist:partChanged': (label: string | null, meta: LiveMeta) => void;
  'setlist:announceBroadcast': (message: string, meta: AnnouncementMeta) => void;
  /** The whole state, sent on join and re-join so a late or reconnecting screen lands on the leader's part. */
  'setlist:state': (state: LiveState) => void;
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
} as const;

/** Clamps a song index into the setlist (spec 4: between 0 and the last index). */
export function clampSongIndex(index: number, songCount: number): number {
  if (songCount <= 0) return 0;
  return Math.min(Math.max(Math.trunc(index), 0), songCount - 1);
}
