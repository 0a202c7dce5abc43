import { type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { safeRedirect } from "#domain/redirect";
import { answerRefusals } from "#app/lib/refusals.server";

/**
 * GET /login/line/start: begins signing in with LINE (state, nonce and PKCE verifier kept on
 * the server, bound to this browser by a cookie) and sends the browser to LINE. `popup=1` when
 * the login page opened it in a 500×600 window (desktop); a phone follows it in place.
 */
export const loader = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: LoaderFunctionArgs) => {
    const params = new URL(request.url).searchParams;
    const target = safeRedirect(params.get("redirect") ?? "", "");
    try {
      const { url } = await context.trpc.lineSignIn.start({
        popup: params.get("popup") === "1",
        redirect: target || null,
      });
      context.resHeaders.set("Cache-Control", "no-store");
      return redirect(url, { headers: context.resHeaders });
    } catch (error) {
      const key = (error as { key?: unknown }).key;
      if (typeof key === "string") return redirect(`/login?lineError=${key}`);
      throw error;
    }
  },
);
