import { matchAssignments } from '@segue/shared';
import type { StoredPosition } from '../db/schema.ts';

/** The positions of a save with their answers, and which assignments are new. */
export interface AnsweredPositions {
  positions: StoredPosition[];
  /** The indexes of assignments that are new (a new position, or another person in it). */
  added: number[];
  /** The indexes of assignments kept from before (same position name, same person). */
  kept: number[];
}

/**
 * The positions a setlist is saved with (docs/DECISIONS.md, "People, availability and
 * confirmed assignments", "Kept through saves"). An assignment already there (the same
 * position name, the same person: `matchAssignments`) keeps its answer, or its lack of one
 * for positions saved before answers existed; a new one is 'pending', except the saver's own,
 * which is taken as accepted. Whatever status a caller sent is ignored: only the assigned
 * person answers.
 */
export function withAnswers(
  before: readonly StoredPosition[] | null,
  after: readonly Pick<StoredPosition, 'name' | 'assignedTo'>[],
  saverId: string,
): AnsweredPositions {
  const matches = matchAssignments(before ?? [], after);
  const added: number[] = [];
  const kept: number[] = [];
  const positions = after.map((p, index): StoredPosition => {
    if (!p.assignedTo) return { name: p.name, assignedTo: null };
    const match = matches[index] ?? -1;
    if (match >= 0) {
      kept.push(index);
      const status = before?.[match]?.status;
      return status
        ? { name: p.name, assignedTo: p.assignedTo, status }
        : { name: p.name, assignedTo: p.assignedTo };
    }
    added.push(index);
    return {
      name: p.name,
      assignedTo: p.assignedTo,
      status: p.assignedTo === saverId ? 'accepted' : 'pending',
    };
  });
  return { positions, added, kept };
}
