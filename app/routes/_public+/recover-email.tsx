import { type ActionFunctionArgs, json } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import { LinkPage } from "#app/components/LinkPage";
import { attemptWithToken, emailedLinkLoader } from "#app/lib/emailed-link.server";
import { answerRefusals } from "#app/lib/refusals.server";
import { title } from "#app/lib/page-title";

export const handle = { title: title.key("auth:title.recoverEmail"), i18n: ["auth", "errors"] };

export const loader = /* @__PURE__ */ answerRefusals(
  /* @__PURE__ */ emailedLinkLoader("recover_email"),
);

/** Cancels an email change from the link sent to the old address; every session ends. */
export const action = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: ActionFunctionArgs) => {
    const result = await attemptWithToken(request, (input) =>
      context.trpc.auth.recoverEmail(input),
    );
    if (!result.ok) return result.response;
    return json({ ok: true as const, email: result.data.email }, { headers: context.resHeaders });
  },
);

export default function RecoverEmail() {
  const { t } = useTranslation("auth");
  return (
    <LinkPage
      title={t("title.recoverEmail")}
      prompt={(email) => t("notices.recoverPrompt", { email })}
      button={t("actions.cancelChange")}
      done={(email) => t("notices.recoverDone", { email })}
    />
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
