import type { z } from 'zod';
import type { SetlistDetails, SetlistInputSchema } from '@segue/shared';
import { setlistDay } from './setlist-dates.ts';

/** What the setlist form holds: the body of `POST /api/setlist` before the shared schema runs. */
export type SetlistFormValues = z.input<typeof SetlistInputSchema>;
/** The form's values once the shared schema has checked and trimmed them: the body to send. */
export type CheckedSetlistValues = z.output<typeof SetlistInputSchema>;

/** The form's starting values: empty for a new setlist, else the setlist as it is stored. */
export function formValuesOf(setlist?: SetlistDetails): SetlistFormValues {
  if (!setlist) return { name: '', date: '', notes: '', songs: [], positions: [] };
  return {
    name: setlist.name,
    date: setlistDay(setlist.date),
    notes: setlist.notes,
    songs: setlist.songs.map((entry) => ({
      song: entry.song._id,
      leader: entry.leader,
      key: entry.key,
    })),
    positions: setlist.positions.map((position) => ({
      name: position.name,
      assignedTo: position.assignedTo,
    })),
  };
}
