/** Query keys of the 首页 (the supplier's home). */
export const homeKeys = {
  all: ['home'] as const,
  info: () => [...homeKeys.all, 'info'] as const,
};
