import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GachaArt } from "#app/components/gachas/GachaArt";
import { RewardKindDetail, OddsFraction } from "#app/components/gachas/validity";
import { DataTable } from "#app/components/table/DataTable";
import { orNotFound } from "#app/lib/not-found.server";
import { ListHeading } from "#app/components/table/ListHeading";
import { textLink } from "#app/components/ui/link";
import { answerRefusals } from "#app/lib/refusals.server";
import { title } from "#app/lib/page-title";

export const handle = {
  title: title.tabNamed("gacha:admin.tabRewards", "gacha.name"),
  i18n: ["gacha", "errors"],
};

export const loader = /* @__PURE__ */ answerRefusals(
  async ({ context, params }: LoaderFunctionArgs) => {
    const id = params.gachaId ?? "";
    const rewards = await orNotFound(() => context.trpc.gachas.rewards({ id }));
    return json({ id, rewards });
  },
);

/**
 * /admin/gachas/{id}/rewards: the rewards with their weight or stock, how often each came out,
 * and the chance members are shown for it (the same numbers the draw uses).
 */
export default function AdminGachaRewards() {
  const { t } = useTranslation("gacha");
  const { id, rewards } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const saved = params.get("saved");
  const box = rewards.some((r) => r.stock !== null);
  return (
    <div className="space-y-4">
      <ListHeading
        level={2}
        title={t("admin.tabRewards")}
        create={{
          to: `/admin/gachas/${id}/rewards/create`,
          label: t("admin.reward.create"),
          testId: "reward-create",
        }}
        notices={[
          { text: params.get("created") && t("admin.createdNext"), testId: "gacha-created" },
          { text: saved && t("admin.reward.saved", { name: saved }), testId: "reward-saved" },
        ]}
      />
      <DataTable
        label={t("admin.tabRewards")}
        hidePaging
        page={{ rows: rewards, total: rewards.length, page: 1, size: 100, sort: "", dir: "asc" }}
        empty={t("admin.reward.empty")}
        testId="admin-rewards"
        columns={[
          {
            key: "order",
            header: t("admin.reward.displayOrder"),
            align: "right",
            cell: (r) => r.displayOrder,
          },
          {
            key: "name",
            header: t("admin.reward.name"),
            className: "min-w-40",
            cell: (r) => (
              <span className="flex items-center gap-2">
                <GachaArt src={r.imageUrl} size="thumb" className="shrink-0" />
                <span>
                  <Link
                    to={`/admin/gachas/${id}/rewards/${r.id}`}
                    className={`${textLink} font-medium`}
                  >
                    {r.name}
                  </Link>
                  {!r.active && (
                    <span className="block text-xs text-slate-500 dark:text-slate-400">
                      {t("admin.reward.inactive")}
                    </span>
                  )}
                </span>
              </span>
            ),
          },
          {
            key: "kind",
            header: t("admin.reward.kind"),
            cell: (r) => (
              <span className="block">
                <RewardKindDetail reward={r} />
              </span>
            ),
          },
          box
            ? {
                key: "stock",
                header: t("admin.reward.stock"),
                align: "right" as const,
                cell: (r) => r.stock ?? "—",
              }
            : {
                key: "weight",
                header: t("admin.reward.weight"),
                align: "right" as const,
                cell: (r) => (r.weight ?? 0).toLocaleString("en"),
              },
          {
            key: "chance",
            header: t("detail.chance"),
            align: "right",
            nowrap: true,
            cell: (r) => (
              <span data-testid="reward-chance">
                {r.odds.percent.toFixed(2)}%
                <OddsFraction odds={r.odds} />
              </span>
            ),
          },
          {
            key: "drawn",
            header: t("admin.reward.drawn"),
            align: "right",
            cell: (r) => r.drawn.toLocaleString("en"),
          },
        ]}
      />
    </div>
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
