/** Types of scripts/gen-postings.mjs for the TypeScript tests that use it. */
export function generatePostings(
  exec: (text: string) => Promise<Array<Record<string, unknown>>>,
  opts: { memberId: number; count: number; stepSeconds?: number },
): Promise<void>;
