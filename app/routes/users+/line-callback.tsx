import { type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { lineCallbackInput } from "#app/lib/line-callback.server";
import { answerRefusals } from "#app/lib/refusals.server";
import { isRoleRefusal } from "#domain/redirect";
import { isLineBack, LINE_BACK_PATHS, type LineLoginBack } from "#domain/line-link";

/**
 * /users/line-callback: where LINE Login returns. The procedure checks the state against this
 * session's logins, exchanges the code, has LINE verify the ID token, and links the account or
 * confirms it is you; the member then lands on the page the login started from (the LINE
 * page, the security page or the profile), which says how it went.
 */
export const loader = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: LoaderFunctionArgs) => {
    try {
      const done = await context.trpc.line.callback(lineCallbackInput(request));
      const path = LINE_BACK_PATHS[done.back];
      if (done.outcome === "linked") {
        return redirect(done.back === "line" ? `${path}?linked=1` : `${path}?line=linked#line`);
      }
      return redirect(done.outcome === "reauthenticated" ? `${path}?line=reauth` : path);
    } catch (error) {
      // "Agree to the terms first" is the area's redirect, not a LINE error.
      if (isRoleRefusal(error)) throw error;
      const {
        key,
        code,
        params: data,
      } = error as {
        key?: unknown;
        code?: unknown;
        params?: { back?: unknown };
      };
      // A malformed callback (parameters too long) is as unusable as a wrong one.
      if (typeof key === "string" || code === "BAD_REQUEST") {
        const back: LineLoginBack = isLineBack(data?.back) ? data.back : "line";
        const shown = typeof key === "string" ? key : "lineGeneric";
        return redirect(
          `${LINE_BACK_PATHS[back]}?${back === "line" ? "error" : "lineError"}=${shown}`,
        );
      }
      throw error;
    }
  },
);

/** Never shown: the loader always redirects. A page module so that errors reach the shell. */
export default function LineCallback() {
  return null;
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
