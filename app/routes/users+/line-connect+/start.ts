import { type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { requireMember } from "#app/lib/guards.server";
import { answerRefusals } from "#app/lib/refusals.server";
import { isRoleRefusal } from "#domain/redirect";
import { LINE_BACK_PATHS, LINE_LOGIN_STARTS, lineStartInput } from "#domain/line-link";

/**
 * GET /users/line-connect/start[?for=security|reauth-security|reauth-profile]: begins LINE Login
 * for this session (state, nonce and PKCE verifier stored on the server) and sends the browser
 * to LINE's authorization page: to link LINE (after the step-up), or to confirm it is you
 * through LINE. The connect button and the QR code lead here; on a phone, the member signs in
 * first. A link without a recent step-up is sent to the security page, which asks for it.
 */
export const loader = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: LoaderFunctionArgs) => {
    await requireMember(request, context);
    const parsed = lineStartInput.safeParse({
      for: new URL(request.url).searchParams.get("for") ?? undefined,
    });
    const start = parsed.success ? parsed.data.for : "line";
    const back = LINE_BACK_PATHS[LINE_LOGIN_STARTS[start].back];
    try {
      const { url } = await context.trpc.line.start({ for: start });
      return redirect(url, { headers: { "Cache-Control": "no-store" } });
    } catch (error) {
      // "Agree to the terms first" is the area's redirect, not a LINE error.
      if (isRoleRefusal(error)) throw error;
      const key = (error as { key?: unknown }).key;
      if (key === "reauthRequired") return redirect(`${LINE_BACK_PATHS.security}#line`);
      if (typeof key === "string") {
        return redirect(`${back}?${start === "line" ? "error" : "lineError"}=${key}`);
      }
      throw error;
    }
  },
);
