import { PlusIcon } from "@heroicons/react/20/solid";
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Alert } from "~/components/form";
import { focusRing } from "~/components/shell/styles";
import { DataTable } from "~/components/table/DataTable";
import { requireAdmin } from "~/lib/guards.server";

export const handle = { i18n: ["admin", "accounts", "errors"] };

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  return json({ brokers: await context.trpc.brokers.list() });
}

/** /admin/account/brokers: every broker, active ones first in the members' order. */
export default function AdminBrokers() {
  const { t } = useTranslation(["admin", "errors"]);
  const { brokers } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const saved = params.get("saved");
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{t("admin:brokers.title")}</h1>
        <Link
          to="/admin/account/brokers/new"
          data-testid="broker-new"
          className={`inline-flex items-center gap-1.5 rounded-md bg-emerald-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-emerald-700 ${focusRing}`}
        >
          <PlusIcon className="h-4 w-4" aria-hidden="true" />
          {t("admin:brokers.new")}
        </Link>
      </div>
      {saved && (
        <Alert tone="success" testId="broker-saved">
          {t("admin:brokers.saved", { name: saved })}
        </Alert>
      )}
      <DataTable
        label={t("admin:brokers.title")}
        hidePaging
        page={{ rows: brokers, total: brokers.length, page: 1, size: 100, sort: "", dir: "asc" }}
        rowKey={(b) => b.id}
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
              <Link
                to={`/admin/account/brokers/${b.id}`}
                className={`rounded-sm font-medium text-emerald-700 underline dark:text-emerald-400 ${focusRing}`}
              >
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
