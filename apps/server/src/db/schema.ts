import {
  bigint,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/** Bytes (`bytea`): drizzle-orm has no built-in column for them. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** The message on a setlist's congregation screen, as stored. */
export interface StoredScreenMessage {
  text: string;
  from: string;
  at: string;
  /** When it goes (ISO), or null: until a driver clears it. */
  until: string | null;
}
import type {
  ChordView,
  ClickOnStep,
  ClickState,
  EditorsSetting,
  MediaMark,
  ScreenMode,
  SongFileFormat,
} from '@segue/shared';

// Accounts: the four tables better-auth works on (its drizzle adapter maps by these property names).

export const user = pgTable('user', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  phone: text('phone').notNull().default(''),
  /** The interface language the person chose (a BCP 47 tag), or null to follow the browser. */
  locale: text('locale'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('session_user_id_idx').on(t.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('account_user_id_idx').on(t.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

// Teams: membership is relational (one row per member with its role); the API
// presents it in the spec's array shape (members, admins, requestedUsers).

export const team = pgTable(
  'team',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /**
     * The name as team search compares it (`teamSearchFold`): no case, accents,
     * apostrophes or punctuation. Written with the name; null only until the server's start
     * fills it in for teams made before the column.
     */
    searchName: text('search_name'),
    /** The team's CCLI licence number, for its usage report. */
    ccliLicence: text('ccli_licence'),
    /**
     * Who may edit and delete the team's songs, and its setlists: 'everyone', 'leaders' or
     * 'admins' (docs/DECISIONS.md, "Who may change the library and the plans").
     */
    songEditors: text('song_editors').$type<EditorsSetting>().notNull().default('everyone'),
    setlistEditors: text('setlist_editors').$type<EditorsSetting>().notNull().default('everyone'),
    /**
     * When, and by whom, the owner confirmed that the team's licence covers lyrics on the
     * congregation's own phones: no congregation link before (docs/DECISIONS.md, "The
     * congregation follows").
     */
    audienceLicenceConfirmedAt: timestamp('audience_licence_confirmed_at', { withTimezone: true }),
    audienceLicenceConfirmedBy: text('audience_licence_confirmed_by').references(() => user.id, {
      onDelete: 'set null',
    }),
    /** Phones that may follow one of its setlists at once; null: FOLLOW_LIMITS.roomDefault. */
    audienceRoomLimit: integer('audience_room_limit'),
    /**
     * Whether a set's leaders see who played each song's recording that week; off unless the
     * owner turns it on (docs/DECISIONS.md, "Who has listened").
     */
    shareListening: boolean('share_listening').notNull().default(false),
    // The owner. No cascade: an account that owns a team must hand it over first.
    createdBy: text('created_by')
      .notNull()
      .references(() => user.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('team_search_name_trgm_idx').using('gin', sql`${t.searchName} gin_trgm_ops`)],
);

/**
 * An invitation to a team: a link admins share (`kind: 'link'`, optionally limited
 * in uses) or one mailed to an address (`kind: 'email'`, single use). Only the token's SHA-256
 * is stored; the token itself is shown once.
 */
export const teamInvite = pgTable(
  'team_invite',
  {
    id: text('id').primaryKey(),
    teamId: text('team_id')
      .notNull()
      .references(() => team.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['link', 'email'] }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** The invited address (kind 'email'), as typed. */
    email: text('email'),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** How many times it may be used; null: no limit until it expires. */
    maxUses: integer('max_uses'),
    uses: integer('uses').notNull().default(0),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('team_invite_team_id_idx').on(t.teamId)],
);

export const teamMember = pgTable(
  'team_member',
  {
    teamId: text('team_id')
      .notNull()
      .references(() => team.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['member', 'admin'] })
      .notNull()
      .default('member'),
    /** The positions this member plays in the team: suggested first when assigning. */
    positions: jsonb('positions').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.userId] }),
    index('team_member_user_id_idx').on(t.userId),
  ],
);

/**
 * A stretch of days a person is away, both days included. Their own, across their
 * teams; the reason is shown to the admins of their teams only.
 */
export const blockout = pgTable(
  'blockout',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    reason: text('reason').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('blockout_user_id_ends_on_idx').on(t.userId, t.endsOn)],
);

export const teamJoinRequest = pgTable(
  'team_join_request',
  {
    teamId: text('team_id')
      .notNull()
      .references(() => team.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.userId] }),
    index('team_join_request_user_id_idx').on(t.userId),
  ],
);

// Songs: one team's library. Parts are kept whole as JSON: a song is read and
// written as one document, and parts are never queried on their own.

export interface StoredSongPart {
  /** Unique in its song and kept across edits (given to older songs by migration 0007). */
  id: string;
  label: string;
  lines: { chords: string; lyrics: string }[];
  /** The part's lyrics in other languages, line by line under `lines` (migration 0020). */
  translations?: StoredPartTranslation[];
}

/** One part's lyrics in another language: a lyric line for each of the part's lines. */
export interface StoredPartTranslation {
  /** BCP 47 tag of the language. */
  lang: string;
  /** The script it is written in when it is a transliteration (OpenLyrics `translit`). */
  translit?: string;
  lines: string[];
}

export interface StoredSongAuthor {
  name: string;
  type: 'words' | 'music' | 'translation';
}

/** Where an imported song came from: its format, original text and what Segue does not model. */
export interface StoredSongSource {
  format: SongFileFormat;
  text: string | null;
  extras: unknown;
}

export const song = pgTable(
  'song',
  {
    id: text('id').primaryKey(),
    teamId: text('team_id')
      .notNull()
      .references(() => team.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    artist: text('artist').notNull().default(''),
    parts: jsonb('parts').$type<StoredSongPart[]>().notNull(),
    /** The language of the main lyrics, the ones under the chords (a BCP 47 tag), or null. */
    language: text('language'),
    /** The key the stored chords sound in, or null. */
    key: text('key'),
    /** A suggested capo for guitarists; the chords stay in sounding pitch. */
    capo: smallint('capo').notNull().default(0),
    tempo: smallint('tempo'),
    timeSignature: text('time_signature'),
    ccli: text('ccli'),
    copyright: text('copyright').notNull().default(''),
    authors: jsonb('authors').$type<StoredSongAuthor[]>().notNull().default([]),
    /** The file it was imported from, so an export can give back what came in. */
    source: jsonb('source').$type<StoredSongSource>(),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** In the trash since then (purged 30 days later), or null. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: text('deleted_by').references(() => user.id, { onDelete: 'set null' }),
  },
  (t) => [index('song_team_id_title_idx').on(t.teamId, t.title)],
);

// Setlists: song entries and positions are ordered documents of the setlist,
// kept as JSON. An entry may be a plain song id, as older setlists stored them.

/**
 * An entry: its song, who leads it, the key it is played in if not the song's own, how long it
 * takes, in seconds, and its tempo (BPM) if not the song's own. Entries saved before keys,
 * durations and tempos existed have none of them.
 */
export type StoredSetlistEntry =
  | {
      song: string;
      leader: string | null;
      key?: string | null;
      duration?: number | null;
      tempo?: number | null;
    }
  | string;
/**
 * An entry of the order of service that is not a song. `at` counts the entries of
 * the stored `songs` array before it (entries whose song was deleted included); the answers
 * count only the songs they show.
 */
export interface StoredSetlistItem {
  title: string;
  notes: string;
  duration: number | null;
  at: number;
}
export interface StoredPosition {
  name: string;
  assignedTo: string | null;
  /**
   * The assigned person's answer: 'pending' until they accept or decline; absent on positions
   * saved before answers were asked, and on unassigned ones.
   */
  status?: 'pending' | 'accepted' | 'declined';
}

export const setlist = pgTable(
  'setlist',
  {
    id: text('id').primaryKey(),
    teamId: text('team_id')
      .notNull()
      .references(() => team.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    notes: text('notes').notNull().default(''),
    songs: jsonb('songs').$type<StoredSetlistEntry[]>().notNull().default([]),
    positions: jsonb('positions').$type<StoredPosition[]>().notNull().default([]),
    /** The items between the songs, sorted by `at`. */
    items: jsonb('items').$type<StoredSetlistItem[]>().notNull().default([]),
    /** When the service starts, `HH:MM`, or null. */
    startTime: text('start_time'),
    // The live state: authoritative here, changed only through the live channel.
    currentIndex: integer('current_index').notNull().default(0),
    currentPartLabel: text('current_part_label'),
    /** The current part's index in its song: a song may repeat a label. */
    currentPartPosition: integer('current_part_position'),
    /** The item the set is on, an index into `items`; null on a song. */
    currentItem: integer('current_item'),
    liveVersion: bigint('live_version', { mode: 'number' }).notNull().default(0),
    /** The name of who made the last live step, shown to followers. */
    liveDriver: text('live_driver'),
    /** When this set's live run began: its first step, or the first after a 12-hour pause. */
    liveStartedAt: timestamp('live_started_at', { withTimezone: true }),
    /** When the last live step was made. */
    liveSteppedAt: timestamp('live_stepped_at', { withTimezone: true }),
    /**
     * The keys this run plays songs in, by song id (null: the song's own key), set live by a
     * driver. Apart from the planned keys in `songs`, which change only when a driver keeps them.
     */
    liveKeys: jsonb('live_keys').$type<Record<string, string | null>>().notNull().default({}),
    /**
     * The band's click (its beat grid in server time, running or stopped, under the live version
     * it was last changed with), null until a driver first starts one. Part of the live state:
     * ordered with the steps and written behind the broadcast (docs/DECISIONS.md, "The click").
     */
    liveClick: jsonb('live_click').$type<ClickState>(),
    /** What a running click does when a driver moves to another song: 'follow' or 'stop'. */
    clickOnStep: text('click_on_step').$type<ClickOnStep>().notNull().default('follow'),
    /**
     * The lyric languages the projector and the stage display show, first over second (BCP 47
     * tags, at most two); empty shows each song's main lyrics.
     */
    lyricLanguages: jsonb('lyric_languages').$type<string[]>().notNull().default([]),
    /**
     * What the congregation's screen shows ('lyrics', 'black', 'clear', 'logo') and the message
     * on it ({ text, from, at, until }: until null shows it until a driver clears it), changed
     * only through the live channel; `screen_version` grows with every change.
     */
    screenMode: text('screen_mode').$type<ScreenMode>().notNull().default('lyrics'),
    screenMessage: jsonb('screen_message').$type<StoredScreenMessage>(),
    screenVersion: integer('screen_version').notNull().default(0),
    /** Whether the congregation's screen shows the follow link's QR code and short address. */
    screenJoinCode: boolean('screen_join_code').notNull().default(false),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** In the trash since then (purged 30 days later), or null. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: text('deleted_by').references(() => user.id, { onDelete: 'set null' }),
  },
  (t) => [index('setlist_team_id_date_idx').on(t.teamId, t.date)],
);

/**
 * A team's image (its logo, for the projector's Logo screen): one row per team, apart from
 * `team` so that no team query carries the bytes. The media type is the one read from the bytes.
 */
export const teamImage = pgTable('team_image', {
  teamId: text('team_id')
    .primaryKey()
    .references(() => team.id, { onDelete: 'cascade' }),
  mediaType: text('media_type').notNull(),
  bytes: bytea('bytes').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// Two-factor authentication with an authenticator app (TOTP). The secret is
// encrypted with AUTH_SECRET; backup codes are kept only as hashes; each code
// (time step) is accepted once.

export const twoFactor = pgTable('two_factor', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  backupCodes: jsonb('backup_codes').$type<string[]>().notNull().default([]),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  /** The time step (Unix time / 30 s) of the last code accepted: a code works once. */
  lastTotpStep: integer('last_totp_step'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

// An account's own preferences, beside the user table rather than in it: better-auth owns
// that table (its adapter reads whole rows at sign-up and login, and auth.ts declares every
// extra column to it), while these are read only where they are used. Deleted with the account.

export const userPreference = pgTable('user_preference', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  /** The account-wide "My view" a device without its own starts from; null: the default. */
  chordView: jsonb('chord_view').$type<ChordView>(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// Assignment mails that work on their own (docs/DECISIONS.md, "Assignment mails, reminders and
// the calendar feed"): one-tap answer links, reminders sent once, personal calendar feeds.

/** The positions an answer link answers for: their place in the setlist and their name then. */
export interface StoredLinkPosition {
  index: number;
  name: string;
}

/**
 * The answer link of one assignment mail: it answers every position the mail asked, once.
 * Only the token's SHA-256 is kept; the link dies with its setlist or its person.
 */
export const assignmentLink = pgTable(
  'assignment_link',
  {
    id: text('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    setlistId: text('setlist_id')
      .notNull()
      .references(() => setlist.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    positions: jsonb('positions').$type<StoredLinkPosition[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When it was used, and how it answered: a link answers once. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    usedFor: text('used_for').$type<'accepted' | 'declined'>(),
  },
  (t) => [index('assignment_link_setlist_id_idx').on(t.setlistId)],
);

/**
 * Each reminder sent: claimed (INSERT ... ON CONFLICT DO NOTHING) before its mail goes, so a
 * restart or a second instance never sends one twice. The day is part of the key: a setlist
 * moved to another day is reminded of again.
 */
export const assignmentReminder = pgTable(
  'assignment_reminder',
  {
    setlistId: text('setlist_id')
      .notNull()
      .references(() => setlist.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    serviceDate: date('service_date', { mode: 'string' }).notNull(),
    /** '3d' or '1d': days before the service. */
    kind: text('kind').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.setlistId, t.userId, t.serviceDate, t.kind] })],
);

/** An account's calendar feed: one secret address at a time, only its SHA-256 kept. */
export const calendarFeed = pgTable('calendar_feed', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A setlist's congregation link (`/follow/<token>`): anyone holding it reads the words live, with
 * no account. The token is kept twice: its SHA-256 to find the link by, and sealed with a key
 * derived from AUTH_SECRET so a driver can be shown it again while the database alone cannot
 * open it. At most one live (not withdrawn) link per setlist.
 */
export const audienceLink = pgTable(
  'audience_link',
  {
    id: uuid('id').primaryKey(),
    setlistId: text('setlist_id')
      .notNull()
      .references(() => setlist.id, { onDelete: 'cascade' }),
    teamId: text('team_id')
      .notNull()
      .references(() => team.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    tokenSealed: text('token_sealed').notNull(),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When a driver withdrew it; null while it is live. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('audience_link_live_setlist_idx')
      .on(t.setlistId)
      .where(sql`${t.revokedAt} is null`),
  ],
);

// A song's recordings and reference links (docs/DECISIONS.md, "Recordings on a song"). The
// bytes live in the media store (DATA_DIR/media or S3) under `storage_key`; a row's deletion,
// however it comes (the song purged from the trash, the team deleted), leaves its key in
// `media_garbage` (a trigger, in the migration), and the server removes the object from there.

export const songRecording = pgTable(
  'song_recording',
  {
    id: uuid('id').primaryKey(),
    teamId: text('team_id')
      .notNull()
      .references(() => team.id, { onDelete: 'cascade' }),
    songId: text('song_id')
      .notNull()
      .references(() => song.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The type read from the file's bytes. */
    mediaType: text('media_type').notNull(),
    size: integer('size').notNull(),
    durationMs: integer('duration_ms'),
    storageKey: text('storage_key').notNull().unique(),
    /** Where the recording reaches each part, sorted by time. */
    marks: jsonb('marks').$type<MediaMark[]>().notNull().default([]),
    addedBy: text('added_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('song_recording_song_id_idx').on(t.songId),
    index('song_recording_team_id_idx').on(t.teamId),
  ],
);

export const songLink = pgTable(
  'song_link',
  {
    id: uuid('id').primaryKey(),
    teamId: text('team_id')
      .notNull()
      .references(() => team.id, { onDelete: 'cascade' }),
    songId: text('song_id')
      .notNull()
      .references(() => song.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    url: text('url').notNull(),
    addedBy: text('added_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('song_link_song_id_idx').on(t.songId)],
);

/** Media store keys whose rows are gone: the server deletes each object, then its row here. */
export const mediaGarbage = pgTable('media_garbage', {
  storageKey: text('storage_key').primaryKey(),
  since: timestamp('since', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Who played a song's recording on which day, kept only while the team shares it
 * (docs/DECISIONS.md, "Who has listened"): one row a person, song and day, never a time.
 */
export const songListen = pgTable(
  'song_listen',
  {
    teamId: text('team_id')
      .notNull()
      .references(() => team.id, { onDelete: 'cascade' }),
    songId: text('song_id')
      .notNull()
      .references(() => song.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.songId, t.userId, t.day] }),
    index('song_listen_team_id_idx').on(t.teamId),
  ],
);
