import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { BattlePhaseBadge } from "~/components/battles/BattleParts";
import { SectionTabs } from "~/components/admin/SectionTabs";
import { formatYen } from "~/lib/money";
import { cellLink, ListHeading } from "~/components/table/ListHeading";
import { card } from "~/components/ui/card";
import { answerRefusals } from "~/lib/refusals.server";
import { title } from "~/lib/page-title";

export const handle = { title: title.key("battle:admin.title"), i18n: ["battle", "ranking"] };

export const loader = /* @__PURE__ */ answerRefusals(async ({ context }: LoaderFunctionArgs) => {
  return json({ battles: await context.trpc.battles.adminList() });
});

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
      {battles.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600 dark:border-slate-600 dark:text-slate-300">
          {t("admin.empty")}
        </p>
      ) : (
        <div className={`${card} overflow-x-auto`}>
          <table className="min-w-full text-sm" data-testid="admin-battles">
            <caption className="sr-only">{t("admin.list")}</caption>
            <thead>
              <tr className="whitespace-nowrap border-b border-slate-200 bg-slate-50 text-left text-xs text-slate-600 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-300">
                <th scope="col" className="px-3 py-2 font-medium">
                  {t("admin.fields.title")}
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t("period")}
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t("admin.status")}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  {t("admin.prizeRanks")}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  {t("admin.prizeTotal")}
                </th>
              </tr>
            </thead>
            <tbody>
              {battles.map((b) => (
                <tr
                  key={b.id}
                  data-testid="admin-battle-row"
                  className="border-b border-slate-100 last:border-0 dark:border-slate-800"
                >
                  <td className="min-w-40 px-3 py-2 [overflow-wrap:anywhere]">
                    <Link to={`/admin/ranking/battles/${b.id}`} className={cellLink}>
                      {b.title}
                    </Link>
                  </td>
                  <td className="whitespace-nowrap px-3 py-2 tabular-nums">
                    {b.startsOn} – {b.endsOn}
                  </td>
                  <td className="px-3 py-2">
                    <BattlePhaseBadge phase={b.phase} />
                  </td>
                  <td className="whitespace-nowrap px-3 py-2 text-right">
                    {t("admin.ranksCount", { count: b.prizeRanks })}
                  </td>
                  <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">
                    {formatYen(b.prizeTotal)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
