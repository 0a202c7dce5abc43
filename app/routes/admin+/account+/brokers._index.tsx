import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DataTable } from "#app/components/table/DataTable";
import { ListHeading } from "#app/components/table/ListHeading";
import { textLink } from "#app/components/ui/link";
import { SectionTabs } from "#app/components/admin/SectionTabs";
import { answerRefusals } from "#app/lib/refusals.server";
import { title } from "#app/lib/page-title";

export const handle = {
  title: title.key("admin:brokers.title"),
  i18n: ["admin", "accounts", "errors"],
};

export const loader = /* @__PURE__ */ answerRefusals(async ({ context }: LoaderFunctionArgs) => {
  return json({ brokers: await context.trpc.brokers.list() });
});

/** /admin/account/brokers: every broker, active ones first in the members' order. */
export default function AdminBrokers() {
  const { t } = useTranslation(["admin", "errors"]);
  const { brokers } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const saved = params.get("saved");
  return (
    <div className="space-y-4">
      <ListHeading
        title={t("admin:brokers.title")}
        create={{
          to: "/admin/account/brokers/new",
          label: t("admin:brokers.new"),
          testId: "broker-new",
        }}
        tabs={<SectionTabs section="account" />}
        notices={[
          { text: saved && t("admin:brokers.saved", { name: saved }), testId: "broker-saved" },
        ]}
      />
      <DataTable
        label={t("admin:brokers.title")}
        hidePaging
        page={{ rows: brokers, total: brokers.length, page: 1, size: 100, sort: "", dir: "asc" }}
        columns={[
          {
            key: "order",
            header: t("admin:brokers.fields.displayOrder"),
            cell: (b) => b.displayOrder,
            align: "right",
          },
          {
            key: "logo",
            header: t("admin:brokers.fields.logo"),
            cell: (b) =>
              b.logoPath ? (
                <img src={b.logoPath} alt="" className="h-8 w-auto max-w-[8rem]" />
              ) : (
                "—"
              ),
          },
          {
            key: "name",
            header: t("admin:brokers.fields.name"),
            cell: (b) => (
              <Link to={`/admin/account/brokers/${b.id}`} className={`${textLink} font-medium`}>
                {b.name}
              </Link>
            ),
          },
          {
            key: "code",
            header: t("admin:brokers.fields.code"),
            cell: (b) => <span className="font-mono">{b.code}</span>,
          },
          {
            key: "rule",
            header: t("admin:brokers.fields.accountKind"),
            cell: (b) => (
              <span>
                {t(`admin:brokers.kinds.${b.accountKind}`)}
                <span className="block text-xs text-slate-500 dark:text-slate-400">
                  {t(`errors:${b.rule.key}`, b.rule.params)}
                </span>
              </span>
            ),
          },
          {
            key: "autoRebate",
            header: t("admin:brokers.fields.autoRebate"),
            cell: (b) => (b.autoRebate ? t("admin:brokers.yes") : "—"),
          },
          {
            key: "active",
            header: t("admin:brokers.fields.active"),
            cell: (b) => (
              <span data-testid="broker-active" className={b.active ? "" : "text-slate-400"}>
                {b.active ? t("admin:brokers.activeYes") : t("admin:brokers.activeNo")}
              </span>
            ),
          },
          {
            key: "accounts",
            header: t("admin:brokers.accounts"),
            cell: (b) => b.accountCount,
            align: "right",
          },
        ]}
      />
    </div>
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
