import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { LinkPage } from "~/components/LinkPage";
import { attempt } from "~/lib/forms.server";

export const handle = { i18n: ["auth", "errors"] };

function tokenOf(request: Request) {
  return new URL(request.url).searchParams.get("token") ?? "";
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = tokenOf(request);
  return json(
    token
      ? await context.trpc.auth.checkLink({ token, purpose: "change_email" })
      : { valid: false, email: null },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const result = await attempt({}, () =>
    context.trpc.auth.confirmEmailChange({ token: tokenOf(request) }),
  );
  if (!result.ok) return result.response;
  return json({ ok: true as const, email: result.data.email });
}

export default function ConfirmEmailChange() {
  const { t } = useTranslation("auth");
  const { valid, email } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <LinkPage
      title={t("title.confirmEmailChange")}
      valid={valid}
      invalidKey="linkInvalid"
      prompt={t("notices.changeConfirmPrompt", { email })}
      button={t("actions.confirm")}
      done={result?.ok ? t("notices.changeDone", { email: result.email }) : undefined}
      error={result && !result.ok ? result.error : null}
    />
  );
}
