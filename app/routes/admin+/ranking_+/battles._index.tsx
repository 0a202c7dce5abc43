import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { BattlePhaseBadge } from "#app/components/battles/BattleParts";
import { SectionTabs } from "#app/components/admin/SectionTabs";
import { linkColumn, yenColumn } from "#app/components/table/columns";
import { DataTable, type PageRow, wholeList } from "#app/components/table/DataTable";
import { cellLink, ListHeading } from "#app/components/table/ListHeading";
import { answerRefusals } from "#app/lib/refusals.server";
import { title } from "#app/lib/page-title";

export const handle = { title: title.key("battle:admin.title"), i18n: ["battle", "ranking"] };

export const loader = /* @__PURE__ */ answerRefusals(async ({ context }: LoaderFunctionArgs) => {
  return json({ page: wholeList(await context.trpc.battles.adminList()) });
});

type Battle = PageRow<typeof loader>;

/** /admin/ranking/battles: every ranking battle with its period, phase and prize pool. */
export default function AdminBattles() {
  const { t } = useTranslation("battle");
  const { page } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-4">
      <ListHeading
        title={t("admin.title")}
        create={{
          to: "/admin/ranking/battles/create",
          label: t("admin.create"),
          testId: "battle-create",
        }}
        tabs={<SectionTabs section="ranking" />}
      />
      <p className="text-sm text-slate-600 dark:text-slate-300">{t("admin.intro")}</p>
      <DataTable
        label={t("admin.list")}
        page={page}
        hidePaging
        hideRange
        empty={t("admin.empty")}
        testId="admin-battles"
        rowTestId="admin-battle-row"
        columns={[
          linkColumn<Battle>("title", t("admin.fields.title"), {
            to: (b) => `/admin/ranking/battles/${b.id}`,
            text: (b) => b.title,
            className: "min-w-40 [overflow-wrap:anywhere]",
            linkClassName: cellLink,
          }),
          {
            key: "period",
            header: t("period"),
            nowrap: true,
            cell: (b) => (
              <span className="tabular-nums">
                {b.startsOn} – {b.endsOn}
              </span>
            ),
          },
          {
            key: "phase",
            header: t("admin.status"),
            cell: (b) => <BattlePhaseBadge phase={b.phase} />,
          },
          {
            key: "prizeRanks",
            header: t("admin.prizeRanks"),
            align: "right",
            nowrap: true,
            cell: (b) => t("admin.ranksCount", { count: b.prizeRanks }),
          },
          yenColumn<Battle>("prizeTotal", t("admin.prizeTotal"), { figures: "tabular" }),
        ]}
      />
    </div>
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
