import type { AppLoadContext } from "@remix-run/node";
import { csvResponse } from "./lib/csv";
import { publicDocuments } from "./lib/public-data";
import { fileReceiver } from "./storage/received";
import type { Context } from "./trpc/context";
import { createCaller } from "./trpc/router";

/**
 * What every loader and action gets (app/load-context.ts) from a request's tRPC context: the
 * server and the route tests build it here, so a route under test sees what it sees served.
 */
export function loadContext(ctx: Context, cspNonce: string): AppLoadContext {
  return {
    trpc: createCaller(ctx),
    cspNonce,
    requestId: ctx.requestId,
    sessionEnded: ctx.sessionEnded,
    // Cookies a procedure sets (sign-in, sign-out) for the route to return.
    resHeaders: ctx.resHeaders,
    log: ctx.log,
    csv: csvResponse,
    publicDocuments,
    receiveFile: fileReceiver(ctx.storage),
  };
}
