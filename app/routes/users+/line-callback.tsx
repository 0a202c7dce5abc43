import { type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { answerRefusals } from "~/lib/refusals.server";
import { isRoleRefusal } from "../../../server/domain/redirect";

/**
 * /users/line-callback: where LINE Login returns. The procedure checks the state against this
 * session's logins, exchanges the code, has LINE verify the ID token and links the account;
 * the member then lands on the connect page, which says how it went.
 */
export const loader = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: LoaderFunctionArgs) => {
    const params = new URL(request.url).searchParams;
    const value = (name: string) => params.get(name) ?? undefined;
    try {
      await context.trpc.line.callback({
        code: value("code"),
        state: value("state"),
        error: value("error"),
        errorDescription: value("error_description"),
      });
      return redirect("/users/line-connect?linked=1");
    } catch (error) {
      // "Agree to the terms first" is the area's redirect, not a LINE error.
      if (isRoleRefusal(error)) throw error;
      const key = (error as { key?: unknown }).key;
      const code = (error as { code?: unknown }).code;
      // A malformed callback (parameters too long) is as unusable as a wrong one.
      if (typeof key === "string" || code === "BAD_REQUEST") {
        return redirect(
          `/users/line-connect?error=${typeof key === "string" ? key : "lineGeneric"}`,
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
