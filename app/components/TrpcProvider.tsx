import { QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { createQueryClient, createTrpcClient, trpc } from "#app/lib/trpc";

interface Clients {
  queryClient: ReturnType<typeof createQueryClient>;
  trpcClient: ReturnType<typeof createTrpcClient>;
}

function makeClients(): Clients {
  return { queryClient: createQueryClient(), trpcClient: createTrpcClient() };
}

/** One pair per page load in the browser, shared by every provider below. */
let browserClients: Clients | null = null;

/**
 * The tRPC and React Query clients, around the few components that call procedures from the
 * browser: the chat thread, the admin's unread count, a member's goal and popup dialogs. Not in
 * the root, so a page without such a call (the dashboard among them) never downloads the
 * client. In the browser every provider shares one pair, so the cache outlives a navigation and
 * an invalidation (the chat's read marker refreshing the unread count) reaches every user of a
 * query; on the server each render gets its own, as requests must share nothing.
 */
export function TrpcProvider({ children }: { children: ReactNode }) {
  const [clients] = useState(() =>
    typeof document === "undefined" ? makeClients() : (browserClients ??= makeClients()),
  );
  return (
    <trpc.Provider client={clients.trpcClient} queryClient={clients.queryClient}>
      <QueryClientProvider client={clients.queryClient}>{children}</QueryClientProvider>
    </trpc.Provider>
  );
}
