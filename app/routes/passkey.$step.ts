import { type ActionFunctionArgs, json } from "@remix-run/node";
import { safeRedirect } from "#domain/redirect";
import { attempt } from "#app/lib/forms.server";
import { homeFor } from "#app/lib/guards.server";
import { answerRefusals } from "#app/lib/refusals.server";

/**
 * The WebAuthn round trips of the login, second-step and security pages (and the step-up of
 * every re-authentication form), as JSON: the
 * browser asks for options, lets the authenticator answer, and sends the answer back. Each
 * step is a procedure; the challenge travels in an HttpOnly cookie those procedures set.
 */
const STEPS = [
  "login-options",
  "login",
  "second-factor-options",
  "second-factor",
  "register-options",
  "register",
  "reauth-options",
  "reauth",
] as const;
type Step = (typeof STEPS)[number];

function isStep(value: string | undefined): value is Step {
  return (STEPS as readonly string[]).includes(value ?? "");
}

async function body(request: Request): Promise<Record<string, unknown>> {
  try {
    const value: unknown = await request.json();
    return value && typeof value === "object" ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export const loader = /* @__PURE__ */ answerRefusals(async () => {
  throw new Response("Not Found", { status: 404 });
});

export const action = /* @__PURE__ */ answerRefusals(
  async ({ request, params, context }: ActionFunctionArgs) => {
    if (request.method !== "POST" || !isStep(params.step)) {
      throw new Response("Not Found", { status: 404 });
    }
    const input = await body(request);
    const mfa = context.trpc.mfa;
    // Zod in each procedure checks the shape; here the values are passed on as they came.
    const response = input.response as never;
    const signedIn = (permission: "admin" | "member") => ({
      redirectTo: safeRedirect(String(input.redirect ?? ""), homeFor(permission)),
    });
    const result = await attempt({}, async (): Promise<unknown> => {
      switch (params.step as Step) {
        case "login-options":
          return mfa.passkeyLoginOptions();
        case "login":
          return signedIn((await mfa.passkeyLogin({ response })).permission);
        case "second-factor-options":
          return mfa.passkeySecondFactorOptions();
        case "second-factor":
          return signedIn((await mfa.passkeySecondFactor({ response })).permission);
        case "register-options":
          return mfa.passkeyRegistrationOptions();
        case "register":
          return mfa.passkeyRegister({ name: String(input.name ?? ""), response });
        case "reauth-options":
          return mfa.passkeyReauthOptions();
        case "reauth":
          return mfa.passkeyReauth({ response });
      }
    });
    if (!result.ok) return result.response;
    return json({ ok: true as const, data: result.data }, { headers: context.resHeaders });
  },
);
