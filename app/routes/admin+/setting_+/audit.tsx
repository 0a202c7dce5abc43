import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useSearchParams } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { AuditList } from "#app/components/admin/AuditList";
import { AUDIT_ACTIONS } from "#domain/audit-actions";
import { SectionTabs } from "#app/components/admin/SectionTabs";
import { PageTitle } from "#app/components/ui/PageTitle";
import { buttonClass } from "#app/components/ui/button";
import { searchParamsObject } from "#app/components/table/url";
import { answerRefusals } from "#app/lib/refusals.server";
import { title } from "#app/lib/page-title";

export const handle = { title: title.key("admin:audit.title"), i18n: ["admin"] };

export const loader = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: LoaderFunctionArgs) => {
    const [page, choices] = await Promise.all([
      context.trpc.audit.page(searchParamsObject(request.url)),
      context.trpc.audit.choices(),
    ]);
    return json({ page, choices });
  },
);

const input =
  "block min-h-11 w-full rounded-md border border-slate-300 px-2 dark:border-slate-600 dark:bg-slate-900";

/**
 * /admin/setting/audit: who did what, when, from where. Filters by admin, action,
 * member and period in the URL (a GET form, works without JavaScript); keyset pages ("older").
 */
export default function AuditPage() {
  const { t } = useTranslation("admin");
  const { page, choices } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const value = (name: string) => params.get(name) ?? "";
  const filters = new URLSearchParams(params);
  filters.delete("after");
  const older = new URLSearchParams(filters);
  if (page.next) older.set("after", page.next);
  // Each filter: its label (audit.<name>) above its control, whose id is audit-<name>.
  const labelled = (name: string, control: ReactNode) => (
    <div>
      <label htmlFor={`audit-${name}`} className="block text-sm font-medium">
        {t(`audit.${name}`)}
      </label>
      {control}
    </div>
  );
  const textFilter = (name: string, type?: "date") =>
    labelled(
      name,
      <input
        id={`audit-${name}`}
        type={type}
        name={name}
        defaultValue={value(name)}
        className={input}
      />,
    );
  const selectFilter = (name: string, all: string, options: { value: string; label: string }[]) =>
    labelled(
      name,
      <select id={`audit-${name}`} name={name} defaultValue={value(name)} className={input}>
        <option value="">{all}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>,
    );
  return (
    <div className="space-y-4">
      <PageTitle>{t("audit.title")}</PageTitle>
      <SectionTabs section="setting" />
      <Form method="get" className="grid gap-3 sm:grid-cols-3" aria-label={t("audit.filters")}>
        {selectFilter(
          "actor",
          t("audit.all"),
          choices.admins.map((a) => ({
            value: a.id,
            label: a.name ? `${a.name} (${a.email})` : a.email,
          })),
        )}
        {selectFilter(
          "action",
          t("audit.allActions"),
          AUDIT_ACTIONS.map((action) => ({ value: action, label: t(`audit.actions.${action}`) })),
        )}
        {textFilter("member")}
        {textFilter("from", "date")}
        {textFilter("to", "date")}
        <div className="flex flex-wrap items-end gap-2">
          <button type="submit" className={buttonClass()} data-testid="audit-filter">
            {t("audit.apply")}
          </button>
          <a
            href={`/admin/setting/audit/export?${filters.toString()}`}
            className={buttonClass({ variant: "secondary" })}
            data-testid="audit-csv"
            download
          >
            {t("audit.csv")}
          </a>
        </div>
      </Form>
      <AuditList rows={page.rows} />
      <nav className="flex flex-wrap gap-2" aria-label={t("audit.paging")}>
        {params.has("after") && (
          <Link to={`?${filters.toString()}`} className={buttonClass({ variant: "secondary" })}>
            {t("audit.newest")}
          </Link>
        )}
        {page.next && (
          <Link
            to={`?${older.toString()}`}
            className={buttonClass({ variant: "secondary" })}
            data-testid="audit-older"
          >
            {t("audit.older")}
          </Link>
        )}
      </nav>
    </div>
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
