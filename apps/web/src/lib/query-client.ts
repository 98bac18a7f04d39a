import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isBizError, NETWORK_ERROR } from './biz-error.ts';
import { handleError } from './error-handler.ts';

function skips(meta: Record<string, unknown> | undefined): boolean {
  return meta?.skipErrorHandler === true;
}

/** One QueryClient, one error hook: every failed query/mutation goes through the shared handler. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (err, query) => {
        if (!skips(query.meta)) handleError(err);
      },
    }),
    mutationCache: new MutationCache({
      onError: (err, _vars, _ctx, mutation) => {
        if (!skips(mutation.meta)) handleError(err);
      },
    }),
    defaultOptions: {
      queries: {
        // business answers are final; only a network failure is worth another try
        retry: (count, err) => (!isBizError(err) || err.code === NETWORK_ERROR) && count < 2,
        refetchOnWindowFocus: false,
      },
    },
  });
}

export const queryClient = createQueryClient();
