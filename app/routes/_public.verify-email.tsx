import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { LinkPage } from "~/components/LinkPage";
import { attempt, redirectWithCookies } from "~/lib/forms.server";

export const handle = { i18n: ["auth", "errors"] };

function tokenOf(request: Request) {
  return new URL(request.url).searchParams.get("token") ?? "";
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = tokenOf(request);
  const { valid } = token
    ? await context.trpc.auth.checkLink({ token, purpose: "verify_email" })
    : { valid: false };
  return json({ valid });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const result = await attempt({}, () =>
    context.trpc.auth.verifyEmail({ token: tokenOf(request) }),
  );
  if (!result.ok) return result.response;
  // A new member arriving from the registration mail is signed in and lands on the dashboard.
  if (result.data.signedIn) return redirectWithCookies("/users", context.resHeaders);
  return json({ ok: true as const });
}

export default function VerifyEmail() {
  const { t } = useTranslation("auth");
  const { valid } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <LinkPage
      title={t("title.verify")}
      valid={valid}
      invalidKey="verifyFailed"
      button={t("actions.confirm")}
      done={result?.ok ? t("notices.verified") : undefined}
      error={result && !result.ok ? result.error : null}
    />
  );
}
