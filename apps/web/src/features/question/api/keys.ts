/** Query keys of the project Q&A (docs/questions.md). */
export const questionKeys = {
  all: ['question'] as const,
  list: (projectId: number) => [...questionKeys.all, 'list', projectId] as const,
};
