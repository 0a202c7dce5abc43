import type { AppLoadContext } from "@remix-run/node";
import { attempt, formValues } from "./forms.server";

/** The shared `intent=reauth` branch of account-security actions. */
export async function handleReauth(form: FormData, context: AppLoadContext) {
  const values = formValues(form, ["email", "password", "code"]);
  return attempt(values, () =>
    context.trpc.auth.reauthenticate({
      email: values.email,
      password: values.password,
      code: values.code || undefined,
    }),
  );
}
