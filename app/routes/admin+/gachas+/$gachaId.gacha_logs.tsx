import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { dateColumn, memberColumn } from "#app/components/admin/cells";
import { LogStateBadge } from "#app/components/gachas/badges";
import {
  GACHA_LOG_STATES,
  WonRewardText,
  WonRewardValidity,
} from "#app/components/gachas/log-cells";
import { yenColumn } from "#app/components/table/columns";
import { DataTable } from "#app/components/table/DataTable";
import { MemberFilter, SelectFilter, TableFilters } from "#app/components/table/TableFilters";
import { searchParamsObject } from "#app/components/table/url";
import { orNotFound } from "#app/lib/not-found.server";
import { answerRefusals } from "#app/lib/refusals.server";
import { title } from "#app/lib/page-title";

export const handle = {
  title: title.tabNamed("gacha:admin.tabLogs", "gacha.name"),
  i18n: ["gacha", "errors"],
};

export const loader = /* @__PURE__ */ answerRefusals(
  async ({ request, context, params }: LoaderFunctionArgs) => {
    const gachaId = params.gachaId ?? "";
    const page = await orNotFound(() =>
      context.trpc.gachas.logs({ ...searchParamsObject(request.url), gachaId }),
    );
    return json({ gachaId, page });
  },
);

/** /admin/gachas/{id}/gacha_logs: every draw of the gacha, who drew it and what it gave. */
export default function AdminGachaLogs() {
  const { t } = useTranslation("gacha");
  const { gachaId, page } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-4">
      <TableFilters label={t("logs.filters")}>
        <MemberFilter label={t("admin.logs.member")} hint={t("admin.logs.memberHint")} />
        <SelectFilter
          name="state"
          label={t("logs.state")}
          allLabel={t("logs.allStates")}
          options={GACHA_LOG_STATES.map((s) => ({ value: s, label: t(`states.${s}`) }))}
        />
      </TableFilters>
      <DataTable
        label={t("admin.tabLogs")}
        page={page}
        empty={t("logs.empty")}
        csvHref={`/admin/gachas/${gachaId}/gacha_logs/export`}
        testId="admin-gacha-logs"
        columns={[
          dateColumn("createdAt", t("logs.date"), { sorted: true }),
          memberColumn(t("admin.logs.member")),
          {
            key: "reward",
            header: t("logs.reward"),
            cell: (r) => <WonRewardText row={r} />,
          },
          yenColumn("cost", t("cost")),
          {
            key: "validity",
            header: t("logs.validity"),
            cell: (r) => <WonRewardValidity row={r} />,
          },
          {
            key: "state",
            header: t("logs.status"),
            cell: (r) => <LogStateBadge state={r.state} />,
          },
        ]}
      />
    </div>
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
