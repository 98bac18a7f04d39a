/** Types of scripts/gen-projects.mjs for the TypeScript tests that use it. */
export interface QueryClient {
  query(text: string, params?: unknown[]): Promise<{ rows: Array<Record<string, unknown>> }>;
}
export function generateProjects(
  client: QueryClient,
  opts: { count: number; batch?: number; log?: (done: number) => void },
): Promise<number>;
