import { type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { safeRedirect } from "#domain/redirect";
import { homeFor } from "#app/lib/guards.server";
import { lineCallbackInput } from "#app/lib/line-callback.server";
import { answerRefusals } from "#app/lib/refusals.server";

/**
 * /login/line/callback: where LINE sends the browser back. The procedure checks the state
 * against this browser's attempt, exchanges the code and verifies the ID token on the server;
 * the browser then goes on through /login/line/done, which closes a popup and moves the page
 * that opened it, or moves itself on a phone.
 */
export const loader = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: LoaderFunctionArgs) => {
    const done = (to: string) =>
      redirect(`/login/line/done?${new URLSearchParams({ to })}`, { headers: context.resHeaders });
    try {
      const answer = await context.trpc.lineSignIn.callback(lineCallbackInput(request));
      const target = safeRedirect(answer.redirect ?? "", "");
      if (answer.next === "signUp") return done("/login/line/signup");
      if (answer.next === "mfa") {
        return done(
          target ? `/login/mfa?${new URLSearchParams({ redirect: target })}` : "/login/mfa",
        );
      }
      return done(target || homeFor(answer.permission));
    } catch (error) {
      const key = (error as { key?: unknown }).key;
      const code = (error as { code?: unknown }).code;
      if (typeof key === "string" || code === "BAD_REQUEST") {
        return done(`/login?lineError=${typeof key === "string" ? key : "lineGeneric"}`);
      }
      throw error;
    }
  },
);

/** Never shown: the loader always redirects. A page module so that errors reach the shell. */
export default function LineSignInCallback() {
  return null;
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
