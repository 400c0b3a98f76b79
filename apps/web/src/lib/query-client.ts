import { QueryClient } from '@tanstack/react-query';
import { connectSession } from './session/current-account.ts';
import { ApiRequestError } from './api-client.ts';

function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Asked even when the browser says it is offline: the API client then answers from the
        // copy kept on the device, or fails at once instead of waiting unseen.
        networkMode: 'always',
        // A 4xx will answer the same way again; only flaky networks and 5xx deserve a retry.
        retry: (failureCount, error) =>
          failureCount < 2 && !(error instanceof ApiRequestError && error.status < 500),
      },
      // A change made offline fails with its reason instead of waiting to be sent unseen.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

/**
 * The app's one query cache. It is created with the first screen or menu that fetches (they
 * load lazily), so Landing and Login never load TanStack Query; from then on it owns the session.
 */
export const queryClient = createQueryClient();
connectSession(queryClient);
