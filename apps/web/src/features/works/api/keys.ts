/** Query keys of a supplier's designs and services (docs/works.md). */
export const worksKeys = {
  all: ['works'] as const,
  designs: () => [...worksKeys.all, 'designs'] as const,
  design: (id: number) => [...worksKeys.all, 'design', id] as const,
  services: () => [...worksKeys.all, 'services'] as const,
  service: (id: number) => [...worksKeys.all, 'service', id] as const,
  show: (cardno: string) => [...worksKeys.all, 'show', cardno] as const,
};
