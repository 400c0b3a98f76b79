import { STORAGE_KEYS, isLocale, type Locale } from '@segue/shared';

export type ThemeMode = 'light' | 'dark';

// Storage can throw (private browsing, disabled cookies, full quota); the app must
// keep working without it, so every access degrades to "nothing stored".
function read(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
}

/** Stores (or removes) a value; false when the storage refused it (full quota, disabled). */
function write(storage: () => Storage, key: string, value: string | null): boolean {
  try {
    if (value === null) storage().removeItem(key);
    else storage().setItem(key, value);
    return true;
  } catch {
    // See read(): losing the value is better than breaking the page.
    return false;
  }
}

const session = () => window.sessionStorage;
const local = () => window.localStorage;

export const sessionToken = {
  get: () => read(session, STORAGE_KEYS.jwt),
  set: (jwt: string) => write(session, STORAGE_KEYS.jwt, jwt),
  clear: () => write(session, STORAGE_KEYS.jwt, null),
};

// The selected team lives in memory and is mirrored to local storage: the X-Team-ID header and
// the screens then agree even where storage is unavailable, and each tab keeps its own choice.
let teamId = read(local, STORAGE_KEYS.selectedTeamId);
const teamIdListeners = new Set<() => void>();

function setTeamId(id: string | null): void {
  if (id === teamId) return;
  teamId = id;
  write(local, STORAGE_KEYS.selectedTeamId, id);
  for (const listener of teamIdListeners) listener();
}

export const selectedTeamId = {
  get: () => teamId,
  set: (id: string) => setTeamId(id),
  clear: () => setTeamId(null),
  /** For `useSyncExternalStore`: calls `listener` whenever the selection changes. */
  subscribe: (listener: () => void) => {
    teamIdListeners.add(listener);
    return () => void teamIdListeners.delete(listener);
  },
};

/** Whether this device listens to MIDI controllers: asked for once, then remembered. */
export const liveMidiEnabled = {
  get: () => read(local, STORAGE_KEYS.liveMidi) === 'on',
  set: (on: boolean) => write(local, STORAGE_KEYS.liveMidi, on ? 'on' : null),
};

export const pendingVerificationEmail = {
  get: () => read(session, STORAGE_KEYS.pendingVerificationEmail),
  set: (email: string) => write(session, STORAGE_KEYS.pendingVerificationEmail, email),
  clear: () => write(session, STORAGE_KEYS.pendingVerificationEmail, null),
};

export const storedThemeMode = {
  get: (): ThemeMode | null => {
    const value = read(local, STORAGE_KEYS.theme);
    return value === 'light' || value === 'dark' ? value : null;
  },
  set: (mode: ThemeMode) => write(local, STORAGE_KEYS.theme, mode),
};

const LOCALE_KEY = 'segue.locale';

/** The interface's language chosen on this device; null follows the browser. */
export const storedLocale = {
  get: (): Locale | null => {
    const value = read(local, LOCALE_KEY);
    return isLocale(value) ? value : null;
  },
  set: (locale: Locale | null) => void write(local, LOCALE_KEY, locale),
};

/** Not in STORAGE_KEYS yet: the live view's text size is a choice of this device. */
const LIVE_TEXT_SIZE_KEY = 'segue.live.textSize';

/** The live view's text size in rem, per device. */
export const liveTextSize = {
  get: (): number | null => {
    const raw = read(local, LIVE_TEXT_SIZE_KEY);
    const value = raw === null ? NaN : Number(raw);
    return Number.isFinite(value) ? value : null;
  },
  set: (size: number) => void write(local, LIVE_TEXT_SIZE_KEY, String(size)),
};

const LIVE_STAGE_MODE_KEY = 'segue.live.stageMode';

/**
 * The live view's stage mode on this device: 'on', 'off', or null when never chosen (then a
 * phone held sideways gets it by itself).
 */
export const liveStageMode = {
  get: (): 'on' | 'off' | null => {
    const value = read(local, LIVE_STAGE_MODE_KEY);
    return value === 'on' || value === 'off' ? value : null;
  },
  set: (value: 'on' | 'off') => void write(local, LIVE_STAGE_MODE_KEY, value),
};

const LIVE_CHORD_VIEW_KEY = 'segue.live.chordView';

/** This device's way of reading chords ("My view"), as JSON; the live view checks its fields. */
export const liveChordView = {
  get: (): unknown => {
    const raw = read(local, LIVE_CHORD_VIEW_KEY);
    try {
      return raw === null ? null : (JSON.parse(raw) as unknown);
    } catch {
      return null;
    }
  },
  set: (view: object) => void write(local, LIVE_CHORD_VIEW_KEY, JSON.stringify(view)),
};

const LIVE_CLICK_KEY = 'segue.live.click';

/**
 * This device's click (off unless turned on here, its sound, volume, latency, MIDI clock), as
 * JSON; the click checks its fields, and a field it cannot read takes its default.
 */
export const liveClickSettings = {
  get: (): unknown => {
    const raw = read(local, LIVE_CLICK_KEY);
    try {
      return raw === null ? null : (JSON.parse(raw) as unknown);
    } catch {
      return null;
    }
  },
  set: (settings: object) => void write(local, LIVE_CLICK_KEY, JSON.stringify(settings)),
};

const LIVE_CAPO_RULE_KEY = 'segue.live.capoRule';

/**
 * What this device's capo does when a song is played live in another key than planned: keep
 * the shapes (the default, nothing stored) or keep the capo.
 */
export const liveCapoRule = {
  get: (): 'shapes' | 'capo' => (read(local, LIVE_CAPO_RULE_KEY) === 'capo' ? 'capo' : 'shapes'),
  set: (rule: 'shapes' | 'capo') =>
    void write(local, LIVE_CAPO_RULE_KEY, rule === 'capo' ? 'capo' : null),
};

const DECLINED_LIVE_KEYS_KEY = 'segue.live.declinedKeys';
const DECLINED_LIVE_KEYS_KEPT = 100;

/**
 * The live keys a driver on this device answered No to keeping ("setlist:song:key"), so the
 * question is not asked again for them; the latest hundred are kept.
 */
export const declinedLiveKeys = {
  get: (): string[] => {
    try {
      const parsed = JSON.parse(read(local, DECLINED_LIVE_KEYS_KEY) ?? '[]') as unknown;
      return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
    } catch {
      return [];
    }
  },
  add: (answer: string) => {
    const kept = declinedLiveKeys.get().filter((v) => v !== answer);
    kept.push(answer);
    write(local, DECLINED_LIVE_KEYS_KEY, JSON.stringify(kept.slice(-DECLINED_LIVE_KEYS_KEPT)));
  },
};

/** The presenter's background choice as JSON; `set` answers false when it did not fit. */
export const presenterBackground = {
  get: () => read(local, STORAGE_KEYS.presenterBackground),
  set: (json: string) => write(local, STORAGE_KEYS.presenterBackground, json),
};

const OFFLINE_KEEP_KEY = 'segue.offline.keep';
const OFFLINE_KEPT_KEY = 'segue.offline.kept';

/** Whether this device keeps the week's setlists for offline use: on unless turned off. */
export const offlineKeeping = {
  get: () => read(local, OFFLINE_KEEP_KEY) !== 'off',
  set: (on: boolean) => void write(local, OFFLINE_KEEP_KEY, on ? null : 'off'),
};

const OFFLINE_RECORDINGS_KEY = 'segue.offline.recordings';

/**
 * Whether this device also keeps the recordings of the kept setlists' songs, for practice
 * without a connection: off unless asked for, as they can take a gigabyte (docs/DECISIONS.md,
 * "Recordings kept for practice").
 */
export const offlineRecordings = {
  get: () => read(local, OFFLINE_RECORDINGS_KEY) === 'on',
  set: (on: boolean) => void write(local, OFFLINE_RECORDINGS_KEY, on ? 'on' : null),
};

/** Set while IndexedDB may hold kept data: a sign-out removes it without loading it otherwise. */
export const offlineDataKept = {
  get: () => read(local, OFFLINE_KEPT_KEY) === '1',
  set: (kept: boolean) => void write(local, OFFLINE_KEPT_KEY, kept ? '1' : null),
};

const PENDING_INVITE_KEY = 'segue.pendingInvite';
/**
 * How long an invitation opened signed out waits for a sign-in on this device: as long as a
 * verification link works. Later, on a shared computer, it could join someone else.
 */
const PENDING_INVITE_MS = 24 * 60 * 60 * 1000;

/**
 * The token of a team invitation opened signed out, with when it was opened: kept
 * until the person has logged in, or registered and verified, and then accepted.
 */
export const pendingInvite = {
  get: (): string | null => {
    try {
      const kept = JSON.parse(read(local, PENDING_INVITE_KEY) ?? 'null') as unknown;
      if (typeof kept !== 'object' || kept === null) return null;
      const { token, at } = kept as { token?: unknown; at?: unknown };
      if (typeof token !== 'string' || typeof at !== 'number') return null;
      return Date.now() - at < PENDING_INVITE_MS ? token : null;
    } catch {
      return null;
    }
  },
  set: (token: string) =>
    write(local, PENDING_INVITE_KEY, JSON.stringify({ token, at: Date.now() })),
  clear: () => write(local, PENDING_INVITE_KEY, null),
};

const LIVE_LYRICS_KEY = 'segue.live.lyrics';

/**
 * Which lyrics this device's charts show of a song in several languages ("My view"): 'main',
 * 'translation:<tag>' or 'both:<tag>'; nothing stored is the main lyrics.
 */
export const liveLyrics = {
  get: () => read(local, LIVE_LYRICS_KEY),
  set: (value: string) => void write(local, LIVE_LYRICS_KEY, value === 'main' ? null : value),
};
