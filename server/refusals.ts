import type { ServerBuild } from "@remix-run/node";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import type { TRPCError } from "@trpc/server";
import { roleRefusalTarget } from "./domain/redirect";

/**
 * A procedure's refusal that a loader or action did not handle itself (an id that is not one,
 * a record that is not there, a limit reached) is the sender's doing: it becomes the page's
 * 4xx, not a 500 with a stack trace in the log. Only INTERNAL_SERVER_ERROR and errors that are
 * not refusals stay errors.
 */
function refusalStatus(error: unknown): number | null {
  // Duck-typed: the route bundle may hold its own copy of the class.
  const e = error as { name?: unknown; code?: unknown; cause?: { issues?: { message: string }[] } };
  if (e?.name !== "TRPCError" || typeof e.code !== "string") return null;
  if (e.code === "INTERNAL_SERVER_ERROR") return null;
  // An id in the URL that is not even the shape of one: the input schemas say "notFound".
  const issues = e.code === "BAD_REQUEST" ? e.cause?.issues : undefined;
  if (issues?.length && issues.every((i) => i.message === "notFound")) return 404;
  return getHTTPStatusCodeFromError(error as TRPCError);
}

type Handler = (args: never) => unknown;

interface HandlerArgs {
  request: Request;
  context?: { sessionEnded?: "idle" | "expired" | null };
}

/**
 * A form body no browser sends (a multipart body cut short, a boundary that is not there) makes
 * `request.formData()` throw: that is the sender's 400, not the server's 500.
 */
function readableForm(request: Request): void {
  const read = request.formData.bind(request);
  request.formData = async () => {
    try {
      return await read();
    } catch {
      throw new Response(null, { status: 400 });
    }
  };
}

function guarded<T extends Handler | undefined>(handler: T): T {
  if (!handler) return handler;
  const wrapped = async (args: never) => {
    const { request } = args as HandlerArgs;
    if (typeof request?.formData === "function") readableForm(request);
    try {
      return await handler(args);
    } catch (error) {
      // A role refusal from a procedure is answered as the area's guard would (a page under an
      // area needs no guard of its own: the first procedure it calls decides, even on a
      // client-side navigation that does not ask the area's loader again).
      const to = request
        ? roleRefusalTarget(error, request, (args as HandlerArgs).context?.sessionEnded ?? null)
        : null;
      if (to) throw new Response(null, { status: 302, headers: { Location: to } });
      const status = refusalStatus(error);
      if (status === null) throw error;
      throw new Response(null, { status });
    }
  };
  return wrapped as unknown as T;
}

/** The build with every route's loader and action answering refusals with their status. */
export function refusalsAsStatus(build: ServerBuild): ServerBuild {
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    routes[id] = {
      ...route,
      module: {
        ...route.module,
        loader: guarded(route.module.loader),
        action: guarded(route.module.action),
      },
    };
  }
  return { ...build, routes };
}

/** The same for a build loaded on demand (development). */
export function refusalsAsStatusOnDemand(
  load: () => Promise<ServerBuild>,
): () => Promise<ServerBuild> {
  let last: { from: ServerBuild; to: ServerBuild } | null = null;
  return async () => {
    const build = await load();
    if (last?.from !== build) last = { from: build, to: refusalsAsStatus(build) };
    return last.to;
  };
}
