import { type AppLoadContext, json } from "@remix-run/node";
import { changePasswordInput, mfaCodeInput, passkeyIdInput } from "../../server/domain/account";
import { attempt, parseFormData } from "./forms.server";
import { handleReauth } from "./reauth.server";
import { readForm } from "./refusals.server";

/** The account-security page's actions, shared by the member and the admin page. */
export async function securityAction(request: Request, context: AppLoadContext) {
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  if (intent === "reauth") {
    const result = await handleReauth(form, context);
    return result.ok ? json({ ok: true as const, intent, recoveryCodes: null }) : result.response;
  }
  if (intent === "mfaStart") {
    const result = await attempt({}, () => context.trpc.auth.mfaStart());
    return result.ok ? json({ ok: true as const, intent, recoveryCodes: null }) : result.response;
  }
  if (intent === "mfaConfirm") {
    const parsed = await parseFormData(form, mfaCodeInput);
    if (!parsed.ok) return parsed.response;
    const result = await attempt(parsed.values, () => context.trpc.auth.mfaConfirm(parsed.value));
    return result.ok
      ? json({ ok: true as const, intent, recoveryCodes: result.data.recoveryCodes })
      : result.response;
  }
  if (intent === "mfaDisable") {
    const result = await attempt({}, () => context.trpc.auth.mfaDisable());
    return result.ok ? json({ ok: true as const, intent, recoveryCodes: null }) : result.response;
  }
  if (intent === "passkeyRemove") {
    const parsed = await parseFormData(form, passkeyIdInput);
    if (!parsed.ok) return parsed.response;
    const result = await attempt(parsed.values, () => context.trpc.mfa.passkeyRemove(parsed.value));
    return result.ok ? json({ ok: true as const, intent, recoveryCodes: null }) : result.response;
  }
  if (intent === "changePassword") {
    const parsed = await parseFormData(form, changePasswordInput);
    if (!parsed.ok) return parsed.response;
    const result = await attempt(parsed.values, () =>
      context.trpc.auth.changePassword(parsed.value),
    );
    return result.ok ? json({ ok: true as const, intent, recoveryCodes: null }) : result.response;
  }
  throw new Response("Unknown action", { status: 400 });
}

/** What the security page shows: the account's state, its passkeys, whether it must enrol. */
export async function securityData(context: AppLoadContext) {
  const [status, passkeys, enrolmentRequired] = await Promise.all([
    context.trpc.auth.security(),
    context.trpc.mfa.passkeys(),
    context.trpc.mfa.enrolmentRequired(),
  ]);
  return { status, passkeys, enrolmentRequired };
}
