import { z } from 'zod';
import { KeySchema } from './chords/key-schema.ts';
import { CLICK_LIMITS, type ClickState } from './click/beat-grid.ts';
import type { FollowCount } from './follow.ts';
import { text } from './schemas/text.ts';

/** Limits of the live channel. */
export const LIVE_LIMITS = {
  announcementMaxLength: 500,
  partLabelMaxLength: 60,
  /** Events one socket may send per second on average, and in one burst. */
  eventsPerSecond: 10,
  eventBurst: 30,
  /**
   * Clock pings one socket may send per second on average, and in one burst, on a budget of
   * their own: a device sends 16 when it joins and 16 every 30 s (`CLOCK_SYNC`), so a reconnect
   * that measures again at once still fits.
   */
  clockPingsPerSecond: 1,
  clockPingBurst: 32,
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
  /**
   * Ours, optional, with `onScreen`: how long the projector shows it, in seconds; null until a
   * driver clears it. Without it, `SCREEN_MESSAGE_DEFAULT_SECONDS`.
   */
  seconds: z.number().int().min(1).max(3600).nullable().optional(),
});

/**
 * What the congregation's screen shows besides a message: the lyrics, black, the background
 * alone ("Clear"), or the team's logo (docs/DECISIONS.md, "The projector from the live view").
 */
export const SCREEN_MODES = ['lyrics', 'black', 'clear', 'logo'] as const;
export type ScreenMode = (typeof SCREEN_MODES)[number];

/** The durations a driver picks for a message on the screen, in seconds (null: until cleared). */
export const SCREEN_MESSAGE_SECONDS = [5, 10, 30, null] as const;
export const SCREEN_MESSAGE_DEFAULT_SECONDS = 10;

/**
 * A driver changes the screen: its mode, or (`message: null`) takes the message off it, or
 * shows (`joinCode: true`) or hides the congregation's join code.
 */
export const ScreenPayloadSchema = z
  .object({
    setlistId: SetlistIdSchema,
    mode: z.enum(SCREEN_MODES).optional(),
    message: z.null().optional(),
    joinCode: z.boolean().optional(),
  })
  .refine(
    (payload) =>
      payload.mode !== undefined || payload.message === null || payload.joinCode !== undefined,
  );

/** Clicks per minute a driver asks for (tap tempo, or a tempo typed in). */
const ClickBpmSchema = z.number().finite().min(CLICK_LIMITS.minBpm).max(CLICK_LIMITS.maxBpm);

/**
 * A driver's click (docs/DECISIONS.md, "The click"): start it (beat 0 about 1.5 s ahead, after
 * `countInBars` bars counted in; at `bpm`, else the current song's tempo), stop it, or change
 * its tempo from its next bar line (tap tempo).
 */
export const ClickPayloadSchema = z.discriminatedUnion('action', [
  z.object({
    setlistId: SetlistIdSchema,
    action: z.literal('start'),
    countInBars: z.number().int().min(0).max(CLICK_LIMITS.maxCountInBars),
    bpm: ClickBpmSchema.optional(),
  }),
  z.object({ setlistId: SetlistIdSchema, action: z.literal('stop') }),
  z.object({ setlistId: SetlistIdSchema, action: z.literal('tempo'), bpm: ClickBpmSchema }),
]);
export type ClickPayload = z.infer<typeof ClickPayloadSchema>;

/** A message on the congregation's screen (a lower third). */
export interface ScreenMessage {
  text: string;
  from: string;
  at: string;
  /** How long it still shows from when this was sent, in ms; null until a driver clears it. */
  remainingMs: number | null;
}

/** The congregation's screen, as every projector of the setlist shows it; `version` only grows. */
export interface ScreenState {
  setlistId: string;
  mode: ScreenMode;
  message: ScreenMessage | null;
  /**
   * The congregation's follow link, shown over the screen as a QR code with its short address,
   * while a driver shows it and the link is live; else null.
   */
  joinCode: string | null;
  version: number;
}

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
 * answer to a key change: with every entry's key as the band plays it now, numbered as the
 * views number the entries (this run's key for its song where a driver set one, else the
 * planned key); null for the song's own key.
 */
export interface LiveJoinState extends LiveState {
  keys: (string | null)[];
  /** The congregation's screen, on a join (absent from a key change's answer). */
  screen?: ScreenState;
  /**
   * The band's click, on a join (absent from a key change's answer): running or stopped, null
   * when nobody has started one. A device that joins while it runs comes in on its beat.
   */
  click?: ClickState | null;
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
    payload: { setlistId: string; message: string; onScreen?: boolean; seconds?: number | null },
    ack?: (answer: { ok: boolean; error?: string }) => void,
  ) => void;
  /** Ours: a driver sets what the projector shows, or takes its message off. */
  'setlist:screen': (
    payload: { setlistId: string; mode?: ScreenMode; message?: null; joinCode?: boolean },
    ack?: (answer: { ok: boolean; error?: string; screen?: ScreenState }) => void,
  ) => void;
  /** Ours: a driver starts or stops the band's click, or changes its tempo. */
  'setlist:click': (payload: ClickPayload, ack?: (answer: ClickAnswer) => void) => void;
  /**
   * Ours: the server's clock, for the device's offset to it (`estimateOffset`): answered at
   * once with the server's time in ms, read in the tick the ping arrived. Any signed-in socket.
   */
  'clock:ping': (ack: (answer: ClockPingAnswer) => void) => void;
}

/**
 * The answer to `setlist:click`: the click as the band now hears it (null: a stop before any
 * click was started).
 */
export type ClickAnswer = { ok: true; click: ClickState | null } | { ok: false; error: string };

/** The answer to `clock:ping`: the server's clock (ms since the epoch, sub-ms precise). */
export type ClockPingAnswer = { ok: true; serverAt: number } | { ok: false; error: string };

/** Events the server sends (spec section 7); the second argument is ours, the first the spec's. */
export interface ServerToClientEvents {
  'setlist:currentChanged': (index: number, meta: LiveMeta) => void;
  'setlist:partChanged': (label: string | null, meta: LiveMeta) => void;
  'setlist:announceBroadcast': (message: string, meta: AnnouncementMeta) => void;
  /** The whole state, sent on join and re-join so a late or reconnecting screen lands on the leader's part. */
  'setlist:state': (state: LiveJoinState) => void;
  /**
   * The key an entry is played in for the rest of this run changed (sent for every entry of
   * the song, the reprise too; the planned key stays); each screen renders the chords itself.
   */
  'setlist:keyChanged': (index: number, key: string | null, meta: LiveMeta) => void;
  /** The congregation's screen changed (its mode, its message, or its join code). */
  'setlist:screenChanged': (screen: ScreenState) => void;
  /**
   * The band's click changed (started, stopped, a tempo from a bar line on, the next song's);
   * meta's version is the click's. Not sent to the projector.
   */
  'setlist:clickChanged': (click: ClickState, meta: LiveMeta) => void;
  /** How many phones follow the setlist's congregation link (sent on change, at most every 2 s). */
  'setlist:followers': (count: FollowCount) => void;
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
  notDriverScreen: 'Only the leader can change what the screen shows.',
  notDriverClick: 'Only the leader can start or stop the click.',
  clickNeedsTempo: 'This song has no tempo. Give the click one to start it.',
  clickTooFast: `This song's tempo is faster than the click goes (${CLICK_LIMITS.maxBpm} BPM). Give the click a tempo to start it.`,
  clickUncountable: "The click cannot count this song's time signature.",
  clickNotRunning: 'Start the click first.',
} as const;

/** A setlist's songs as the live rule reads them: who leads each. */
/** Clamps a song index into the setlist (spec 4: between 0 and the last index). */
export function clampSongIndex(index: number, songCount: number): number {
  if (songCount <= 0) return 0;
  return Math.min(Math.max(Math.trunc(index), 0), songCount - 1);
}
