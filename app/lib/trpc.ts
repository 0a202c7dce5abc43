import { QueryClient } from "@tanstack/react-query";
import { httpBatchLink } from "@trpc/client";
import { createTRPCReact } from "@trpc/react-query";
import type { AppRouter } from "#server/trpc/router";

export const trpc = createTRPCReact<AppRouter>();

/** The data cache: stale after 5 min, dropped after 10, one retry, no focus refetch. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5 * 60 * 1000,
        gcTime: 10 * 60 * 1000,
        retry: 1,
        refetchOnWindowFocus: false,
        refetchOnMount: true,
        refetchOnReconnect: true,
      },
    },
  });
}

export function createTrpcClient() {
  return trpc.createClient({
    // At most the server's batch size (MAX_TRPC_BATCH in server/app.ts).
    links: [httpBatchLink({ url: "/api/trpc", maxItems: 10 })],
  });
}
