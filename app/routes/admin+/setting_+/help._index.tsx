import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SectionTabs } from "#app/components/admin/SectionTabs";
import { Alert } from "#app/components/ui/Alert";
import { Badge } from "#app/components/ui/Badge";
import { buttonClass, LinkButton } from "#app/components/ui/button";
import { card } from "#app/components/ui/card";
import { EmptyState } from "#app/components/ui/EmptyState";
import { actionLink } from "#app/components/ui/link";
import { PageTitle } from "#app/components/ui/PageTitle";
import { formatDateTime } from "#app/lib/format";
import { parseForm, saveRecord } from "#app/lib/forms.server";
import { publishInput } from "#domain/help";
import { answerRefusals } from "#app/lib/refusals.server";
import { title } from "#app/lib/page-title";

export const handle = { title: title.key("help:admin.title"), i18n: ["help", "errors"] };

export const loader = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: LoaderFunctionArgs) => {
    const saved = new URL(request.url).searchParams.has("saved");
    return json({ articles: await context.trpc.help.adminList(), saved });
  },
);

/** Publish or unpublish one article from the list. */
export const action = /* @__PURE__ */ answerRefusals(({ request, context }: ActionFunctionArgs) =>
  saveRecord(
    parseForm(request, publishInput),
    (form) => context.trpc.help.setPublished(form.value),
    () => "/admin/setting/help?saved=1",
  ),
);

/**
 * /admin/setting/help: the help centre's articles by category and order, each published or
 * not, with a switch, and the way to add or edit one. A tab of the settings, so the admin menu
 * keeps its entries.
 */
export default function AdminHelp() {
  const { t } = useTranslation("help");
  const { articles, saved } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-4">
      <PageTitle>{t("help:admin.title")}</PageTitle>
      <SectionTabs section="setting" />
      {saved && (
        <Alert tone="success" testId="help-saved">
          {t("help:admin.saved")}
        </Alert>
      )}
      <div className="flex justify-end">
        <LinkButton to="/admin/setting/help/new" data-testid="help-new">
          {t("help:admin.new")}
        </LinkButton>
      </div>
      {articles.length === 0 ? (
        <EmptyState testId="help-admin-empty">{t("help:admin.empty")}</EmptyState>
      ) : (
        <ul className="space-y-2" data-testid="help-admin-list">
          {articles.map((a) => (
            <li
              key={a.id}
              className={`${card} flex flex-col gap-2 p-3 sm:flex-row sm:items-center`}
              data-testid="help-admin-row"
            >
              <div className="min-w-0 flex-1 space-y-1">
                <Link to={`/admin/setting/help/${a.id}`} className={`${actionLink} font-medium`}>
                  {a.title}
                </Link>
                <p className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-600 dark:text-slate-300">
                  <span>{t(`help:categories.${a.category}`)}</span>
                  <span>
                    {t("help:admin.position")} {a.position}
                  </span>
                  <span className="break-all">/help/{a.slug}</span>
                  <span>{a.hasEnglish ? t("help:admin.english") : t("help:admin.noEnglish")}</span>
                  <span>{formatDateTime(a.updatedAt)}</span>
                </p>
              </div>
              <div className="flex items-center gap-2">
                <Badge tone={a.published ? "success" : "neutral"}>
                  {a.published ? t("help:admin.published") : t("help:admin.draft")}
                </Badge>
                <Form method="post">
                  <input type="hidden" name="id" value={a.id} />
                  <input type="hidden" name="published" value={a.published ? "0" : "1"} />
                  <button
                    type="submit"
                    className={buttonClass({ variant: "secondary", size: "sm" })}
                    data-testid="help-toggle"
                  >
                    {a.published ? t("help:admin.unpublish") : t("help:admin.publish")}
                  </button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
