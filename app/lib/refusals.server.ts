import { refusalResponse } from "#domain/refusal";

interface HandlerArgs {
  request: Request;
  context: { sessionEnded?: "idle" | "expired" | null };
}

/**
 * A route's loader or action, answering the refusals it does not handle itself: a procedure's
 * "not there" or "not like that" becomes the page's 4xx (not a 500 with a stack trace in the
 * log), a role refusal the area guard's redirect (a page under an area needs no guard of its
 * own: the first procedure it calls decides, even on a client-side navigation that does not ask
 * the area's loader again). Real failures stay errors. Every route's loader and action is
 * written `export const loader = answerRefusals(async (…) => …)` with the call marked
 * `@__PURE__` in a comment before it (checked by a unit test). The mark tells the bundler the call has no side effects: the browser build, which
 * keeps only a route's component, then drops the handler and its server-only imports.
 */
export function answerRefusals<A extends HandlerArgs, R>(
  handler: (args: A) => R,
): (args: A) => Promise<Awaited<R>> {
  return async (args: A): Promise<Awaited<R>> => {
    try {
      return await handler(args);
    } catch (error) {
      const answer = refusalResponse(error, args.request, args.context.sessionEnded ?? null);
      if (answer) throw answer;
      throw error;
    }
  };
}

/**
 * The request's form. A body no browser sends (a multipart body cut short, a boundary that is
 * not there) makes `request.formData()` throw: that is the sender's 400, not the server's 500.
 */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw new Response(null, { status: 400 });
  }
}
