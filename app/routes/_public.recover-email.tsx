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
      ? await context.trpc.auth.checkLink({ token, purpose: "recover_email" })
      : { valid: false, email: null },
  );
}

/** Cancels an email change from the link sent to the old address; every session ends. */
export async function action({ request, context }: ActionFunctionArgs) {
  const result = await attempt({}, () =>
    context.trpc.auth.recoverEmail({ token: tokenOf(request) }),
  );
  if (!result.ok) return result.response;
  return json({ ok: true as const, email: result.data.email }, { headers: context.resHeaders });
}

export default function RecoverEmail() {
  const { t } = useTranslation("auth");
  const { valid, email } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <LinkPage
      title={t("title.recoverEmail")}
      valid={valid}
      invalidKey="linkInvalid"
      prompt={t("notices.recoverPrompt", { email })}
      button={t("actions.cancelChange")}
      done={result?.ok ? t("notices.recoverDone", { email: result.email }) : undefined}
      error={result && !result.ok ? result.error : null}
    />
  );
}
