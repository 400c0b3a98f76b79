import type { LiveMeta, LiveState, ScreenMode } from '@segue/shared';

/**
 * Where a live session stands: the song's place in the setlist and the active part's label,
 * or an item of the order of service (a welcome, a sermon).
 */
export interface LivePosition {
  currentIndex: number;
  currentPartLabel: string | null;
  /** The part's place in its song, when known: a song may repeat a label. */
  currentPartPosition: number | null;
  /** The item the set is on (its index in the setlist's `items`), null on a song. */
  currentItem: number | null;
}

/** A server event that moves the live state (spec section 7, with our version and setlist id). */
export type LiveUpdate =
  | { type: 'state'; state: LiveState }
  | {
      type: 'currentChanged';
      index: number;
      meta: LiveMeta;
      /** The new song's first part, shown until the partChanged of the same version follows. */
      firstPartLabel: string | null;
    }
  | {
      type: 'partChanged';
      label: string | null;
      meta: LiveMeta;
      /** The song to assume if no state has arrived yet (the setlist as loaded). */
      indexIfUnknown: number;
    };

/**
 * The state to show after a server update. Updates of another setlist, or older than the state
 * shown, are ignored: after a reconnect a late event must not move the screen back. An equal
 * version is applied, since the server sends a song change as currentChanged then partChanged
 * with one version.
 */
export function reduceLiveState(
  shown: LiveState | null,
  setlistId: string,
  update: LiveUpdate,
): LiveState | null {
  const meta = update.type === 'state' ? update.state : update.meta;
  if (meta.setlistId !== setlistId) return shown;
  if (shown && meta.version < shown.version) return shown;

  switch (update.type) {
    case 'state':
      // A server from before setlists had items names no item: the set is on a song.
      return update.state.currentItem === undefined
        ? { ...update.state, currentItem: null }
        : update.state;
    case 'currentChanged': {
      // On an item the song is the one after it, with no part.
      const item = update.meta.item ?? null;
      const label = item === null ? update.firstPartLabel : null;
      return {
        setlistId,
        currentIndex: update.index,
        currentPartLabel: label,
        currentPartPosition: label === null ? null : 0,
        currentItem: item,
        version: meta.version,
        ...whoAndWhen(shown, update.meta),
      };
    }
    case 'partChanged':
      return {
        setlistId,
        // The server says which song the part belongs to: a song change of another
        // leader may arrive after this newer part change, and is then ignored.
        currentIndex: update.meta.currentIndex ?? shown?.currentIndex ?? update.indexIfUnknown,
        currentPartLabel: update.label,
        currentPartPosition: update.meta.partPosition ?? null,
        // An event without it (an older server) is a step onto a song.
        currentItem: update.meta.item ?? null,
        version: meta.version,
        ...whoAndWhen(shown, update.meta),
      };
  }
}

/** Who moved the set and when its run began: from the event, else as known before. */
function whoAndWhen(shown: LiveState | null, meta: LiveMeta) {
  return {
    driver: meta.driver !== undefined ? meta.driver : (shown?.driver ?? null),
    startedAt: meta.startedAt !== undefined ? meta.startedAt : (shown?.startedAt ?? null),
  };
}

/** A move or message this screen asked for, waiting to be sent or acknowledged. */
export type LiveCommand =
  | {
      event: 'setlist:updateCurrent';
      newIndex: number;
      part?: { label: string; position: number };
      /** An item of the order of service instead of a song. */
      item?: number;
    }
  | { event: 'setlist:updatePart'; label: string; position?: number }
  | { event: 'setlist:setKey'; index: number; key: string | null }
  | {
      event: 'setlist:announce';
      message: string;
      onScreen?: boolean;
      /** With `onScreen`: seconds on the projector, null until cleared. */
      seconds?: number | null;
    }
  | { event: 'setlist:screen'; mode: ScreenMode }
  | { event: 'setlist:screen'; message: null }
  /** Shows or hides the congregation's join code over the screen. */
  | { event: 'setlist:screen'; joinCode: boolean };

/** Whether `command` makes `earlier` pointless: the same kind of move, or the same entry's key. */
function replaces(earlier: LiveCommand, command: LiveCommand): boolean {
  if (command.event === 'setlist:announce' || earlier.event !== command.event) return false;
  if (command.event === 'setlist:setKey' && earlier.event === 'setlist:setKey') {
    return earlier.index === command.index;
  }
  // A mode replaces an unsent mode, and the join code's shown or hidden one unsent before;
  // taking the message off is never dropped.
  if (command.event === 'setlist:screen' && earlier.event === 'setlist:screen') {
    return (
      ('mode' in command && 'mode' in earlier) || ('joinCode' in command && 'joinCode' in earlier)
    );
  }
  return true;
}

/**
 * Queues a command behind the unsent ones, in order. A song or part change replaces an unsent
 * change of the same kind at the end of the queue, and a key change one of the same entry: only
 * where the leader landed matters, and the band should not watch every step replayed after a
 * Wi-Fi drop. Announcements are never merged.
 */
export function enqueueCommand(
  unsent: readonly LiveCommand[],
  command: LiveCommand,
): LiveCommand[] {
  const last = unsent.at(-1);
  if (last && replaces(last, command)) return [...unsent.slice(0, -1), command];
  return [...unsent, command];
}
