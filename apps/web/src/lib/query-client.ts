import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from './api-client.ts';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A 4xx will answer the same way again; only flaky networks and 5xx deserve a retry.
        retry: (failureCount, error) =>
          failureCount < 2 && !(error instanceof ApiRequestError && error.status < 500),
      },
      mutations: { retry: false },
    },
  });
}
