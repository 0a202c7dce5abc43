import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { redirectWithCookies } from "#app/lib/forms.server";
import { answerRefusals } from "#app/lib/refusals.server";

const SIGNED_OUT = "/login?loggedOut=true";

/**
 * Ends the session and goes to the login page, even when ending the session fails: the
 * failure is logged by the procedure, and the cookie is cleared here regardless.
 */
export const action = /* @__PURE__ */ answerRefusals(async ({ context }: ActionFunctionArgs) => {
  try {
    await context.trpc.auth.logout();
  } catch (error) {
    console.error("logout error", error);
    const headers = new Headers();
    headers.append("Set-Cookie", "sid=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0");
    return redirectWithCookies(SIGNED_OUT, headers);
  }
  return redirectWithCookies(SIGNED_OUT, context.resHeaders);
});

export const loader = /* @__PURE__ */ answerRefusals(async () => {
  return redirect("/");
});
