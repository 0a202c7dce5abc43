/**
 * The V8 heap settings the web process starts with (`node <these> build/server/http.js`: the
 * npm start script, the image's CMD and compose.yaml's web service; a unit test keeps them
 * equal, and bench:upload starts the server with them).
 *
 * - An old generation of 512 MB: V8 sizes its next full collection by a growing factor that
 *   depends on this limit, up to 4 times the live heap when the limit is 2 GB or more (the
 *   default on a host with 16 GB or more). The web thread's live heap is 100–130 MB, so with
 *   the default it held up to 400 MB, mostly garbage, before collecting; at 512 MB the factor is
 *   about 1.4, and the limit is still four times the live heap for an export or an upload.
 * - Semi-spaces of 8 MB (16 by default): the young generation is committed memory, and a page's
 *   garbage dies in it either way.
 *
 * The import thread has its own old-generation limit (server/import-threads.ts).
 */
export const WEB_NODE_FLAGS = ["--max-old-space-size=512", "--max-semi-space-size=8"] as const;
