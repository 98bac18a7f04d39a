/** Query keys of the project calendar (docs/calendar.md). */
export const calendarKeys = {
  all: ['calendar'] as const,
  events: (from: string, to: string) => [...calendarKeys.all, 'events', from, to] as const,
  feedUrl: () => [...calendarKeys.all, 'feedUrl'] as const,
};
