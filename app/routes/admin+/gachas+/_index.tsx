import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { PageRow } from "#app/components/table/DataTable";
import { countLinkColumn, dateColumn, nameLinkColumn } from "#app/components/admin/cells";
import { GachaStatusBadge } from "#app/components/gachas/badges";
import { EntityList } from "#app/components/admin/EntityList";
import { formatYen } from "#app/lib/money";
import { answerRefusals } from "#app/lib/refusals.server";
import { listLoader } from "#app/lib/list-loader.server";

export const handle = { i18n: ["gacha", "errors"] };

export const loader = /* @__PURE__ */ answerRefusals(
  /* @__PURE__ */ listLoader((trpc, params) => trpc.gachas.adminList(params)),
);

/** One row of the list, as the loader serialises it. */
type Gacha = PageRow<typeof loader>;

/** /admin/gachas: every gacha with its period, price, method, limit and how often it was drawn. */
export default function AdminGachas() {
  const { t } = useTranslation("gacha");
  const { page } = useLoaderData<typeof loader>();
  return (
    <EntityList
      ns="gacha"
      entity="gacha"
      page={page}
      columns={[
        nameLinkColumn<Gacha>({
          key: "name",
          header: t("admin.fields.name"),
          href: (g) => `/admin/gachas/${g.id}`,
          name: (g) => g.name,
          notes: (g) => [!g.published && t("admin.unpublished")],
          testId: "admin-gacha-link",
          spaced: true,
        }),
        {
          key: "status",
          header: t("admin.status"),
          cell: (g) => <GachaStatusBadge status={g.status} />,
        },
        dateColumn("startsAt", t("admin.columns.startsAt"), { sorted: true }),
        dateColumn("endsAt", t("admin.columns.endsAt")),
        {
          key: "cost",
          header: t("admin.columns.cost"),
          align: "right",
          nowrap: true,
          cell: (g) => (g.cost === 0 ? t("free") : formatYen(g.cost)),
        },
        {
          key: "method",
          header: t("admin.fields.method"),
          nowrap: true,
          cell: (g) => t(`method.${g.method}`),
        },
        {
          key: "limit",
          header: t("admin.columns.limit"),
          align: "right",
          cell: (g) => g.challengeLimit,
        },
        countLinkColumn<Gacha>("rewards", t("admin.rewardsCount"), {
          href: (g) => `/admin/gachas/${g.id}/rewards`,
          count: (g) => g.rewards,
        }),
        countLinkColumn<Gacha>("draws", t("admin.draws"), {
          href: (g) => `/admin/gachas/${g.id}/gacha_logs`,
          count: (g) => g.draws,
        }),
      ]}
    />
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
