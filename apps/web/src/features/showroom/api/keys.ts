/** Query keys of showrooms (docs/showroom.md). */
export const showroomKeys = {
  all: ['showroom'] as const,
  mine: () => [...showroomKeys.all, 'mine'] as const,
  cases: (page: number, pageSize: number) => [...showroomKeys.all, 'cases', page, pageSize] as const,
  shows: () => [...showroomKeys.all, 'show'] as const,
  show: (cardno: string) => [...showroomKeys.shows(), cardno] as const,
};
