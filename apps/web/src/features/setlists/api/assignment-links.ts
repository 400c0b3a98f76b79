import { useMutation, useQuery } from '@tanstack/react-query';
import { AssignmentLinkAnswerSchema, AssignmentLinkPreviewSchema } from '@segue/shared';
import type {
  AssignmentLinkAnswer,
  AssignmentLinkAnswerInput,
  AssignmentLinkPreview,
} from '@segue/shared';
import { apiFetch } from '../../../lib/api-client.ts';

const linkPath = (token: string) => `/assignment-links/${encodeURIComponent(token)}`;
export const assignmentLinkKey = (token: string) => ['assignment-link', token] as const;

/** What a mailed answer link is for, and whether it still works; no sign-in needed. */
export function useAssignmentLink(token: string) {
  return useQuery({
    queryKey: assignmentLinkKey(token),
    queryFn: async ({ signal }): Promise<AssignmentLinkPreview> =>
      AssignmentLinkPreviewSchema.parse(await apiFetch(linkPath(token), { signal })),
    retry: false,
  });
}

/** Answers through the link, once (the page's confirm button: the GET never answers). */
export function useAnswerAssignmentLink(token: string) {
  return useMutation({
    mutationFn: async (input: AssignmentLinkAnswerInput): Promise<AssignmentLinkAnswer> =>
      AssignmentLinkAnswerSchema.parse(
        await apiFetch(linkPath(token), { method: 'POST', body: input }),
      ),
  });
}
