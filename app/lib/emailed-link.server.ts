import { type AppLoadContext, json, type LoaderFunctionArgs } from "@remix-run/node";
import { attempt } from "./forms.server";

/*
 * The pages behind a link from an email (verify the address, reset the password, confirm or
 * cancel an email change) read the same `?token=` and check it the same way on load.
 */

type LinkPurpose = "verify_email" | "reset_password" | "change_email" | "recover_email";

/** The link's token; "" when the URL has none. */
export function tokenOf(request: Request) {
  return new URL(request.url).searchParams.get("token") ?? "";
}

/**
 * Whether the link can still be used, checked on load so that a spent or expired link says so
 * before the button. The server gives the address only to the email-change purposes.
 */
export async function checkEmailedLink(
  request: Request,
  context: AppLoadContext,
  purpose: LinkPurpose,
): Promise<{ valid: boolean; email: string | null }> {
  const token = tokenOf(request);
  return token ? context.trpc.auth.checkLink({ token, purpose }) : { valid: false, email: null };
}

/** The loader of a page behind a link: whether its link can still be used (checkEmailedLink). */
export function emailedLinkLoader(purpose: LinkPurpose) {
  return async ({ request, context }: LoaderFunctionArgs) =>
    json(await checkEmailedLink(request, context, purpose));
}

/** Runs the link's procedure with its token; a refusal becomes the form's error. */
export function attemptWithToken<T>(
  request: Request,
  run: (input: { token: string }) => Promise<T>,
) {
  return attempt({}, () => run({ token: tokenOf(request) }));
}
