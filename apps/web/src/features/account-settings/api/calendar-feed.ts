import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarFeedStatusSchema, CreatedCalendarFeedSchema } from '@segue/shared';
import type { CalendarFeedStatus, CreatedCalendarFeed } from '@segue/shared';
import { apiFetch } from '../../../lib/api-client.ts';

const calendarFeedKey = ['account', 'calendar-feed'] as const;

/** Whether the account has a calendar address, and since when (the address itself is not kept). */
export function useCalendarFeed() {
  return useQuery({
    queryKey: calendarFeedKey,
    queryFn: async ({ signal }): Promise<CalendarFeedStatus> =>
      CalendarFeedStatusSchema.parse(await apiFetch('/account/calendar-feed', { signal })),
  });
}

/** A new calendar address, shown once; the old one stops working. */
export function useCreateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<CreatedCalendarFeed> =>
      CreatedCalendarFeedSchema.parse(await apiFetch('/account/calendar-feed', { method: 'POST' })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: calendarFeedKey }),
  });
}
