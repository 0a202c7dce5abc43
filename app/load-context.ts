import type { csvResponse } from "#server/lib/csv";
import type { Logger } from "#server/logger";
import type { publicDocuments } from "#server/lib/public-data";
import type { Caller } from "#server/trpc/router";
import type { FilePart, ReceivedFile } from "#server/storage/received";

/** What the express server hands every loader and action (server/app.ts). */
declare module "@remix-run/server-runtime" {
  interface AppLoadContext {
    /** The server-side tRPC caller: the only way a route reaches data. */
    trpc: Caller;
    cspNonce: string;
    requestId: string;
    /** The cookie's session ended on this request ("idle" or "expired"): login says so. */
    sessionEnded: "idle" | "expired" | null;
    /** Set-Cookie headers from procedures; a route returns them with its response. */
    resHeaders: Headers;
    /** The request's logger (its request id bound): for a failure an action handles itself. */
    log: Logger;
    /** A list's CSV download (server/lib/csv.ts): the file is written on the server side. */
    csv: typeof csvResponse;
    /** The public pages' rendered documents, kept a minute (server/lib/public-data.ts). */
    publicDocuments: typeof publicDocuments;
    /**
     * Writes an uploaded file part to the storage's disk as it arrives (a broker report):
     * the file, or null when the part was cut off (nothing is left then).
     */
    receiveFile: (part: FilePart) => Promise<ReceivedFile | null>;
  }
}

/**
 * Loaders' data reaches the browser through single fetch (turbo-stream, not JSON), so
 * `useLoaderData<typeof loader>` infers what that format delivers.
 */
declare module "@remix-run/server-runtime" {
  interface Future {
    v3_singleFetch: true;
  }
}

export {};
