import { title } from "#app/lib/page-title";
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SectionTabs } from "#app/components/admin/SectionTabs";
import { Alert } from "#app/components/ui/Alert";
import { LinkButton } from "#app/components/ui/button";
import { card } from "#app/components/ui/card";
import { EmptyState } from "#app/components/ui/EmptyState";
import { actionLink } from "#app/components/ui/link";
import { PageTitle } from "#app/components/ui/PageTitle";
import { answerRefusals } from "#app/lib/refusals.server";

export const handle = {
  title: title.tab("adminTabs.update.profiles", "cashback:update.title"),
  i18n: ["cashback", "errors"],
};

export const loader = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: LoaderFunctionArgs) => {
    const params = new URL(request.url).searchParams;
    return json({
      profiles: await context.trpc.cashback.profiles.list(),
      saved: params.get("saved"),
      removed: params.get("removed"),
    });
  },
);

/**
 * /admin/update/profiles: the import profiles, one per broker report shape, by
 * broker and name; a tab of the data update, so the admin menu keeps one entry.
 */
export default function ImportProfiles() {
  const { t } = useTranslation(["cashback", "common"]);
  const { profiles, saved, removed } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-4">
      <PageTitle>{t("update.title")}</PageTitle>
      <SectionTabs section="update" />
      {saved && (
        <Alert tone="success" testId="profile-saved">
          {t("profiles.saved", { name: saved })}
        </Alert>
      )}
      {removed && (
        <Alert tone="success" testId="profile-removed">
          {t("profiles.removed", { name: removed })}
        </Alert>
      )}
      <p className="text-sm text-slate-600 dark:text-slate-300">{t("profiles.intro")}</p>
      <div className="flex justify-end">
        <LinkButton to="/admin/update/profiles/new" block data-testid="profile-new">
          {t("profiles.new")}
        </LinkButton>
      </div>
      {profiles.length === 0 ? (
        <EmptyState testId="profiles-empty">{t("profiles.empty")}</EmptyState>
      ) : (
        <ul className="space-y-2" aria-label={t("profiles.listLabel")} data-testid="profile-list">
          {profiles.map((p) => (
            <li key={p.id} className={`${card} space-y-1 p-3`} data-testid="profile-row">
              <Link
                to={`/admin/update/profiles/${p.id}`}
                className={`${actionLink} font-medium [overflow-wrap:anywhere]`}
              >
                {p.name}
              </Link>
              <p className="text-xs text-slate-600 [overflow-wrap:anywhere] dark:text-slate-300">
                {t("profiles.summary", {
                  broker: p.brokerName,
                  encoding: t(`profiles.encodings.${p.encoding}`),
                  delimiter: t(`profiles.delimiters.${p.delimiter === "\t" ? "tab" : p.delimiter}`),
                  dateFormat: p.dateFormat,
                })}
              </p>
            </li>
          ))}
        </ul>
      )}
      <p className="text-xs text-slate-500 dark:text-slate-400">{t("profiles.builtinNote")}</p>
    </div>
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
