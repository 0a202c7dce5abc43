import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { BattlePhaseBadge } from "~/components/battle/BattleParts";
import { SectionTabs } from "~/components/admin/SectionTabs";
import { DataTable, wholeList } from "~/components/table/DataTable";
import { yenColumn } from "~/components/table/columns";
import { cellLink, ListHeading } from "~/components/table/ListHeading";

export const handle = { i18n: ["battle", "ranking"] };

export async function loader({ context }: LoaderFunctionArgs) {
  return json({ battles: await context.trpc.battles.adminList() });
}

/** /admin/ranking/battles: every ranking battle with its period, phase and prize pool. */
export default function AdminBattles() {
  const { t } = useTranslation("battle");
  const { battles } = useLoaderData<typeof loader>();
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
        page={wholeList(battles)}
        hidePaging
        hideRange
        empty={t("admin.empty")}
        testId="admin-battles"
        rowTestId="admin-battle-row"
        columns={[
          {
            key: "title",
            header: t("admin.fields.title"),
            className: "min-w-40 [overflow-wrap:anywhere]",
            cell: (b) => (
              <Link to={`/admin/ranking/battles/${b.id}`} className={cellLink}>
                {b.title}
              </Link>
            ),
          },
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
          yenColumn("prizeTotal", t("admin.prizeTotal"), { figures: "tabular" }),
        ]}
      />
    </div>
  );
}
