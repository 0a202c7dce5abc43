import { type ActionFunctionArgs, json } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import { LinkPage } from "#app/components/LinkPage";
import { attemptWithToken, emailedLinkLoader } from "#app/lib/emailed-link.server";
import { answerRefusals } from "#app/lib/refusals.server";
import { title } from "#app/lib/page-title";

export const handle = {
  title: title.key("auth:title.confirmEmailChange"),
  i18n: ["auth", "errors"],
};

export const loader = /* @__PURE__ */ answerRefusals(
  /* @__PURE__ */ emailedLinkLoader("change_email"),
);

/** Confirms an email change from the link sent to the new address. */
export const action = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: ActionFunctionArgs) => {
    const result = await attemptWithToken(request, (input) =>
      context.trpc.auth.confirmEmailChange(input),
    );
    if (!result.ok) return result.response;
    return json({ ok: true as const, email: result.data.email });
  },
);

export default function ConfirmEmailChange() {
  const { t } = useTranslation("auth");
  return (
    <LinkPage
      title={t("title.confirmEmailChange")}
      prompt={(email) => t("notices.changeConfirmPrompt", { email })}
      button={t("actions.confirm")}
      done={(email) => t("notices.changeDone", { email })}
    />
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
