import { useQuery } from '@tanstack/react-query';
import { NextServiceAnswerSchema } from '@segue/shared';
import type { NextService } from '@segue/shared';
import { apiFetch } from '../../../lib/api-client.ts';
import { assignmentKeys } from './assignments.ts';

/**
 * Under the assignments' key: every answer to an assignment (on the next service or in "Your
 * assignments") reads the next service again, as it shows the answers too.
 */
export const nextServiceKey = (from: string) => [...assignmentKeys.all, 'next-service', from];

/**
 * `GET /api/account/next-service`: the earliest service from `from` (the reader's today) on,
 * in any of the caller's teams, that they play in or lead a song of; null when there is none.
 */
export function useNextService(from: string) {
  return useQuery({
    queryKey: nextServiceKey(from),
    queryFn: async ({ signal }): Promise<NextService | null> =>
      NextServiceAnswerSchema.parse(
        await apiFetch(`/account/next-service?from=${encodeURIComponent(from)}`, { signal }),
      ).service,
  });
}
