/** Query keys of the message centre (docs/messages.md). */
import type { TipListInput } from '@zl/shared';

export const tipKeys = {
  all: ['tips'] as const,
  list: (input: TipListInput) => [...tipKeys.all, 'list', input] as const,
};
