import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminFormPage, useRefusedForm, withEchoed } from "#app/components/admin/FormPage";
import { HelpArticleForm } from "#app/components/help/HelpArticleForm";
import { actionLink } from "#app/components/ui/link";
import { parseForm, saveRecord } from "#app/lib/forms.server";
import { articleInput } from "#domain/help";
import { orNotFound } from "#app/lib/not-found.server";
import { answerRefusals } from "#app/lib/refusals.server";
import { title } from "#app/lib/page-title";

export const handle = { title: title.key("help:admin.edit"), i18n: ["help", "errors"] };

export const loader = /* @__PURE__ */ answerRefusals(
  async ({ params, context }: LoaderFunctionArgs) => {
    const id = params.id ?? "";
    return json({ article: await orNotFound(() => context.trpc.help.adminGet({ id })) });
  },
);

export const action = /* @__PURE__ */ answerRefusals(
  ({ request, params, context }: ActionFunctionArgs) => {
    return saveRecord(
      parseForm(request, articleInput, { files: true }),
      (form) => context.trpc.help.update({ ...form.input, id: params.id ?? "" }),
      () => "/admin/setting/help?saved=1",
    );
  },
);

/** /admin/setting/help/<id>: edit one article; a published one links to its page. */
export default function EditHelpArticle() {
  const { t } = useTranslation("help");
  const { article } = useLoaderData<typeof loader>();
  const { echoed, error } = useRefusedForm();
  return (
    <AdminFormPage back="/admin/setting/help" backLabel={t("admin.title")} title={t("admin.edit")}>
      {article.published && (
        <Link to={`/help/${article.slug}`} className={`${actionLink} text-sm`}>
          {t("admin.view")}: /help/{article.slug}
        </Link>
      )}
      <HelpArticleForm
        key={JSON.stringify(echoed)}
        initial={withEchoed({ ...article, position: String(article.position) }, echoed, [
          "published",
          "popular",
        ])}
        error={error}
        submitLabel={t("admin.save")}
      />
    </AdminFormPage>
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
