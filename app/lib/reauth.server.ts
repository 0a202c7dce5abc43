import type { AppLoadContext } from "@remix-run/node";
import { reauthInput } from "../../server/domain/account";
import { attempt, parseFormData } from "./forms.server";

/** The shared `intent=reauth` branch of account-security actions (the form is already read). */
export async function handleReauth(form: FormData, context: AppLoadContext) {
  const parsed = await parseFormData(form, reauthInput);
  if (!parsed.ok) return parsed;
  const { value } = parsed;
  // A blank code is no code: the password alone, for an account without a second factor.
  return attempt(parsed.values, () =>
    context.trpc.auth.reauthenticate({ ...value, code: value.code || undefined }),
  );
}
