import type { AppLoadContext } from "@remix-run/node";
import { reauthInput } from "#domain/account";
import { submitForm } from "./forms.server";

/** The shared `intent=reauth` branch of account-security actions (the form is already read). */
export async function handleReauth(form: FormData, context: AppLoadContext) {
  // A blank code is no code: the password alone, for an account without a second factor.
  return submitForm(form, reauthInput, ({ code, ...value }) =>
    context.trpc.auth.reauthenticate({ ...value, code: code || undefined }),
  );
}
