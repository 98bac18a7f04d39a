import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarEventsInput, CalendarEventsResult, CalendarFeedUrl } from '@zl/shared';
import { api } from '../../../lib/api-client.ts';
import { calendarKeys } from './keys.ts';

/** Calendar/events: the member's own projects' dates from `from` to `to` (days, both included). */
export function calendarEventsQuery(from: string, to: string) {
  return queryOptions({
    queryKey: calendarKeys.events(from, to),
    queryFn: ({ signal }) =>
      api.post<CalendarEventsResult>('Calendar/events', { from, to } satisfies CalendarEventsInput, {
        signal,
        inline: true,
      }),
    // the grid keeps last month's chips while the next month loads
    placeholderData: keepPreviousData,
  });
}

export function useCalendarEvents(from: string, to: string) {
  return useQuery(calendarEventsQuery(from, to));
}

/** Calendar/feedUrl: the member's secret feed address (made by the server on the first ask). */
export function feedUrlQuery(enabled: boolean) {
  return queryOptions({
    queryKey: calendarKeys.feedUrl(),
    queryFn: ({ signal }) => api.post<CalendarFeedUrl>('Calendar/feedUrl', {}, { signal }),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useFeedUrl(enabled: boolean) {
  return useQuery(feedUrlQuery(enabled));
}

/** Calendar/resetFeed: a new address replaces the old one, which stops working. */
export function useResetFeed() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<CalendarFeedUrl>('Calendar/resetFeed', {}),
    onSuccess: (data) => qc.setQueryData(calendarKeys.feedUrl(), data),
  });
}
