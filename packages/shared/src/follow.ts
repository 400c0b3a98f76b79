import { z } from 'zod';
import { text } from './schemas/text.ts';

/**
 * The congregation's link: anyone holding `/follow/<token>` reads the words of the part the
 * band is on, on their own phone, with no account (docs/DECISIONS.md, "The congregation
 * follows").
 */

export { FOLLOW_SOCKET_PATH } from './follow-texts.ts';

export const FOLLOW_LIMITS = {
  /** Followers of one setlist at once, unless the team set its own (`audienceRoomLimit`). */
  roomDefault: 5000,
  roomMin: 1,
  roomMax: 100_000,
  /**
   * Follow sockets from one address at once. High: a church's Wi-Fi puts a whole room of
   * phones behind one public address.
   */
  perAddressDefault: 3000,
  /** Follow sockets one instance holds at once (`FOLLOW_MAX_SOCKETS`). */
  perInstanceDefault: 40_000,
  /** The link's token, as the URL carries it (base64url of 32 random bytes). */
  tokenLength: 43,
} as const;

/** A follow link's token, as it comes in a URL or a handshake. */
export const FollowTokenSchema = text()
  .length(FOLLOW_LIMITS.tokenLength)
  .regex(/^[A-Za-z0-9_-]+$/);

/** The answer to creating (or reading, for a driver) a setlist's congregation link. */
export const AudienceLinkSchema = z.object({
  url: z.string(),
  token: z.string(),
  /** From when the link opens the page (the day before the service), ISO. */
  validFrom: z.string(),
  expiresAt: z.string(),
});
export type AudienceLink = z.infer<typeof AudienceLinkSchema>;

/** A driver's view of the setlist's link: none, or the live one, and whether the owner agreed. */
export const AudienceLinkStatusSchema = z.object({
  link: AudienceLinkSchema.nullable(),
  /** The team's owner confirmed that its licence covers lyrics on personal devices. */
  licenceConfirmed: z.boolean(),
});
export type AudienceLinkStatus = z.infer<typeof AudienceLinkStatusSchema>;

/** The owner's confirmation, once for the team. */
export const AudienceLicenceInputSchema = z.object({ confirmed: z.literal(true) });

/** 5000 as "5,000": the settings' texts quote the limits as people write them. */
const thousands = (value: number) => String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/**
 * The team's settings for the congregation's phones, as Manage Team shows them, and the messages
 * of their call. Not in follow-texts.ts: the follow page never shows them, and every byte of that
 * file goes to every phone in the room.
 */
export const AUDIENCE_SETTINGS_TEXTS = {
  heading: "The congregation's phones",
  licenceConfirmed: 'Confirmed',
  licenceNotConfirmed: 'Not yet confirmed: the first share asks the owner.',
  roomLimitLabel: 'Phones per setlist',
  roomLimitHelp: `Leave empty for the default, ${thousands(FOLLOW_LIMITS.roomDefault)}. Phones past this number are refused until a place is free.`,
  roomLimitInvalid: `Phones per setlist must be a whole number from ${thousands(FOLLOW_LIMITS.roomMin)} to ${thousands(FOLLOW_LIMITS.roomMax)}.`,
  roomLimitRequired: 'Send the phones per setlist, or null for the default.',
  save: 'Save',
  saved: 'Phones per setlist saved',
  readOnly: "Only the team's owner and admins can change this.",
  loading: "Loading the congregation's settings",
  failedToLoad: "Failed to load the congregation's settings",
  failedToSave: 'Failed to save the phones per setlist',
} as const;

/**
 * `GET`/`PUT /api/teams/{id}/audience`: whether the owner confirmed the licence, the team's own
 * room limit (null: the default) and the default itself, so a screen never hard-codes it.
 */
export const AudienceSettingsSchema = z.object({
  licenceConfirmed: z.boolean(),
  roomLimit: z.number().int().nullable(),
  roomDefault: z.number().int(),
});
export type AudienceSettings = z.infer<typeof AudienceSettingsSchema>;

/** Body of `PUT /api/teams/{id}/audience` (owner and admins): a room limit, or null for the default. */
export const AudienceSettingsInputSchema = z.object({
  roomLimit: z
    .number({
      error: (issue) =>
        issue.input === undefined
          ? AUDIENCE_SETTINGS_TEXTS.roomLimitRequired
          : AUDIENCE_SETTINGS_TEXTS.roomLimitInvalid,
    })
    .int(AUDIENCE_SETTINGS_TEXTS.roomLimitInvalid)
    .min(FOLLOW_LIMITS.roomMin, AUDIENCE_SETTINGS_TEXTS.roomLimitInvalid)
    .max(FOLLOW_LIMITS.roomMax, AUDIENCE_SETTINGS_TEXTS.roomLimitInvalid)
    .nullable(),
});
export type AudienceSettingsInput = z.infer<typeof AudienceSettingsInputSchema>;

/** A song as the congregation reads it: words only, no chords, no notes, no names. */
export interface FollowSong {
  title: string;
  /** The language of `lines` (a BCP 47 tag), or null when the song does not say. */
  language: string | null;
  /**
   * Each part's label and its lyric lines (a line of chords only is left out), and its lyrics in
   * the other languages the song has (its translations' lines, blank ones left out).
   */
  parts: { label: string; lines: string[]; translations: { lang: string; lines: string[] }[] }[];
  copyright: string | null;
  ccli: string | null;
}

/**
 * What a follow page shows. `waiting`: before the first step, after the run, or while the
 * projector is dark (black, background only, logo): the setlist's name and "Waiting for
 * the next song". `item`: the item's title only. `song`: the whole song's words, and which part is
 * live (null when only the song is known).
 */
export type FollowNow =
  | { kind: 'waiting' }
  | { kind: 'item'; title: string }
  | { kind: 'song'; song: FollowSong; part: number | null };

/** A message a driver put on the congregation's screen. */
export interface FollowMessage {
  text: string;
  at: string;
  remainingMs: number | null;
}

export interface FollowState {
  setlistName: string;
  /**
   * The live state's version plus the screen's: both only grow, so their sum grows with every
   * step and every change of the screen, and a page keeps the higher one.
   */
  version: number;
  now: FollowNow;
  /** The team's CCLI licence number, for the foot of the page. */
  ccliLicence: string | null;
  /**
   * The lyric languages the setlist puts on the screens, first over second (empty: each song's
   * main lyrics): a phone shows the first unless its reader chose another the song has.
   */
  screenLanguages: string[];
  /**
   * The message on the congregation's screen, with the time it had left when this was sent
   * (null until a driver clears it); null when none shows. Every state carries it, so a
   * message kept until cleared stays on the phones through the steps, and goes when cleared.
   */
  message: FollowMessage | null;
}

const FollowSongSchema = z.object({
  title: z.string(),
  language: z.string().nullable(),
  parts: z.array(
    z.object({
      label: z.string(),
      lines: z.array(z.string()),
      translations: z.array(z.object({ lang: z.string(), lines: z.array(z.string()) })),
    }),
  ),
  copyright: z.string().nullable(),
  ccli: z.string().nullable(),
}) satisfies z.ZodType<FollowSong>;

/**
 * `FollowState` as the public answer is written: a field that is not in it never leaves the
 * server, whatever the code that built the state put in.
 */
export const FollowStateSchema = z.object({
  setlistName: z.string(),
  version: z.number(),
  now: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('waiting') }),
    z.object({ kind: z.literal('item'), title: z.string() }),
    z.object({ kind: z.literal('song'), song: FollowSongSchema, part: z.number().nullable() }),
  ]),
  ccliLicence: z.string().nullable(),
  screenLanguages: z.array(z.string()),
  message: z
    .object({ text: z.string(), at: z.string(), remainingMs: z.number().nullable() })
    .nullable(),
}) satisfies z.ZodType<FollowState>;

/** Events the follow server sends; a follow socket may send none. */
export interface FollowServerToClientEvents {
  'follow:state': (state: FollowState) => void;
  /** A message a driver put on the congregation's screen; band messages never come here. */
  'follow:announce': (message: FollowMessage) => void;
  /** The link was withdrawn or has expired: the page says so, and the socket is closed. */
  'follow:ended': () => void;
}

/** The band's live view hears how many phones follow (sent on change, at most every 2 s). */
export interface FollowCount {
  setlistId: string;
  followers: number;
}

// The texts live in follow-texts.ts, which imports no zod, so the follow page can take them
// without the schemas: add new texts there.
export { FOLLOW_TEXTS } from './follow-texts.ts';
