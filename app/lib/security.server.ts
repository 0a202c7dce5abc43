import { type AppLoadContext, json } from "@remix-run/node";
import { changePasswordInput, mfaCodeInput, passkeyIdInput } from "#domain/account";
import { attempt, submitForm } from "./forms.server";
import { handleReauth } from "./reauth.server";
import { readForm } from "./refusals.server";

/** The account-security page's actions, shared by the member and the admin page. */
export async function securityAction(request: Request, context: AppLoadContext) {
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const result = await runIntent(intent, form, context);
  if (!result.ok) return result.response;
  // Only a confirmed enrolment gives codes: the page shows them once.
  const recoveryCodes = "recoveryCodes" in result.data ? result.data.recoveryCodes : null;
  return json({ ok: true as const, intent, recoveryCodes });
}

/** The procedure an intent of the security page's forms runs, with the form it sent. */
function runIntent(intent: string, form: FormData, context: AppLoadContext) {
  const { auth, mfa, line } = context.trpc;
  switch (intent) {
    case "reauth":
      return handleReauth(form, context);
    case "lineReauthCode":
      return submitForm(form, mfaCodeInput, (input) => line.reauthCode(input));
    case "lineUnlink":
      return attempt({}, () => line.unlink());
    case "mfaStart":
      return attempt({}, () => auth.mfaStart());
    case "mfaConfirm":
      return submitForm(form, mfaCodeInput, (input) => auth.mfaConfirm(input));
    case "mfaDisable":
      return attempt({}, () => auth.mfaDisable());
    case "passkeyRemove":
      return submitForm(form, passkeyIdInput, (input) => mfa.passkeyRemove(input));
    case "changePassword":
      return submitForm(form, changePasswordInput, (input) => auth.changePassword(input));
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

/** The errors LINE's return to a member page may carry (`?lineError=`); others read as generic. */
const LINE_RETURN_ERRORS = new Set([
  "lineGeneric",
  "lineConnection",
  "lineTaken",
  "lineCancelled",
  "lineNotConfigured",
  "lineReauthMismatch",
  "lineReauthCancelled",
  "lineReauthUnavailable",
  "reauthRequired",
]);

/** What LINE Login sent the member back with: `?line=linked|reauth`, `?lineError=<key>`. */
export function lineReturn(request: Request): {
  done: "linked" | "reauth" | null;
  error: string | null;
} {
  const params = new URL(request.url).searchParams;
  const line = params.get("line");
  const error = params.get("lineError");
  return {
    done: line === "linked" || line === "reauth" ? line : null,
    error: error ? (LINE_RETURN_ERRORS.has(error) ? error : "lineGeneric") : null,
  };
}
