import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AssignmentAnswerSchema, AssignmentSchema } from '@segue/shared';
import type { Assignment, AssignmentAnswer } from '@segue/shared';
import { apiFetch } from '../../../lib/api-client.ts';
import { setlistKeys } from './setlists.ts';

export const assignmentKeys = {
  all: ['assignments'] as const,
  mine: (from: string) => ['assignments', 'mine', from] as const,
};

/** `GET /api/account/assignments`: the caller's positions from `from` on, in all their teams. */
export function useMyAssignments(from: string) {
  return useQuery({
    queryKey: assignmentKeys.mine(from),
    queryFn: async ({ signal }): Promise<Assignment[]> =>
      AssignmentSchema.array().parse(
        await apiFetch(`/account/assignments?from=${encodeURIComponent(from)}`, { signal }),
      ),
  });
}

export interface AnswerVariables {
  assignment: Pick<Assignment, 'setlistId' | 'index' | 'position'>;
  response: 'accepted' | 'declined';
}

/**
 * `POST /api/setlist/{id}/positions/{index}/response`: accept or decline, naming the position
 * as it was shown (the server refuses if it has changed since). Assignments and setlists are
 * read again afterwards, whatever the answer.
 */
export function useAnswerAssignment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ assignment, response }: AnswerVariables): Promise<AssignmentAnswer> =>
      AssignmentAnswerSchema.parse(
        await apiFetch(
          `/setlist/${encodeURIComponent(assignment.setlistId)}/positions/${assignment.index}/response`,
          { method: 'POST', body: { response, name: assignment.position } },
        ),
      ),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: assignmentKeys.all });
      void queryClient.invalidateQueries({ queryKey: setlistKeys.all });
    },
  });
}
