import { type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { requireMember } from "~/lib/guards.server";
import { answerRefusals } from "~/lib/refusals.server";
import { isRoleRefusal } from "../../../../server/domain/redirect";

/**
 * GET /users/line-connect/start: begins LINE Login for this session (state, nonce and PKCE
 * verifier stored on the server) and sends the browser to LINE's authorization page. The
 * connect button and the QR code both lead here; on a phone, the member signs in first.
 */
export const loader = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: LoaderFunctionArgs) => {
    await requireMember(request, context);
    try {
      const { url } = await context.trpc.line.start();
      return redirect(url, { headers: { "Cache-Control": "no-store" } });
    } catch (error) {
      // "Agree to the terms first" is the area's redirect, not a LINE error.
      if (isRoleRefusal(error)) throw error;
      const key = (error as { key?: unknown }).key;
      if (typeof key === "string") return redirect(`/users/line-connect?error=${key}`);
      throw error;
    }
  },
);
