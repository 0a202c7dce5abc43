import { type ActionFunctionArgs } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import { AdminFormPage, useRefusedForm, withEchoed } from "#app/components/admin/FormPage";
import { EMPTY_ARTICLE, HelpArticleForm } from "#app/components/help/HelpArticleForm";
import { parseForm, saveRecord } from "#app/lib/forms.server";
import { articleInput } from "#domain/help";
import { answerRefusals } from "#app/lib/refusals.server";
import { title } from "#app/lib/page-title";

export const handle = { title: title.key("help:admin.new"), i18n: ["help", "errors"] };

export const action = /* @__PURE__ */ answerRefusals(({ request, context }: ActionFunctionArgs) => {
  return saveRecord(
    parseForm(request, articleInput, { files: true }),
    (form) => context.trpc.help.create(form.input),
    () => "/admin/setting/help?saved=1",
  );
});

/** /admin/setting/help/new */
export default function NewHelpArticle() {
  const { t } = useTranslation("help");
  const { echoed, error } = useRefusedForm();
  return (
    <AdminFormPage back="/admin/setting/help" backLabel={t("admin.title")} title={t("admin.new")}>
      <HelpArticleForm
        key={JSON.stringify(echoed)}
        initial={withEchoed(EMPTY_ARTICLE, echoed, ["published", "popular"])}
        error={error}
        submitLabel={t("admin.save")}
      />
    </AdminFormPage>
  );
}
