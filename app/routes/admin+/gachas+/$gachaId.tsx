import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GachaStatusBadge } from "#app/components/gachas/badges";
import { formatDateTime } from "#app/lib/format";
import { formatYen } from "#app/lib/money";
import { orNotFound } from "#app/lib/not-found.server";
import { DetailPage } from "#app/components/ui/DetailPage";
import { answerRefusals } from "#app/lib/refusals.server";
import { title } from "#app/lib/page-title";

export const handle = { title: title.named("gacha.name"), i18n: ["gacha", "errors"] };

export const loader = /* @__PURE__ */ answerRefusals(
  async ({ context, params }: LoaderFunctionArgs) => {
    const gacha = await orNotFound(() =>
      context.trpc.gachas.adminGet({ id: params.gachaId ?? "" }),
    );
    return json({ gacha });
  },
);

/** One gacha in the admin: its summary, then tabs for its settings, rewards and logs. */
export default function AdminGacha() {
  const { t } = useTranslation("gacha");
  const { gacha: g } = useLoaderData<typeof loader>();
  return (
    <DetailPage
      back={{ to: "/admin/gachas", label: t("admin.back") }}
      base={`/admin/gachas/${g.id}`}
      title={g.name}
      titleTestId="admin-gacha-name"
      badges={<GachaStatusBadge status={g.status} />}
      hidden={!g.published && t("admin.unpublished")}
      summary={
        <>
          {formatDateTime(g.startsAt)} – {formatDateTime(g.endsAt)} ·{" "}
          {g.cost === 0 ? t("free") : formatYen(g.cost)} · {t(`method.${g.method}`)} ·{" "}
          {t("admin.limitShort", { count: g.challengeLimit })} ·{" "}
          {t("admin.drawsShort", { count: g.draws })}
        </>
      }
      tabsLabel={t("admin.tabs")}
      tabs={[
        { path: "", label: t("admin.tabSettings"), testId: "tab-settings" },
        { path: "rewards", label: t("admin.tabRewards"), testId: "tab-rewards" },
        { path: "gacha_logs", label: t("admin.tabLogs"), testId: "tab-logs" },
      ]}
    />
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
