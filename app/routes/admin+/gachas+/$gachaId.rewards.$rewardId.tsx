import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { RewardFormPage } from "#app/components/gachas/RewardForm";
import { saveReward } from "./reward-form.server";
import { orNotFound } from "#app/lib/not-found.server";
import { toTokyoInput } from "#app/lib/tokyo-input";
import type { loader as gachaLoader } from "./$gachaId";
import { answerRefusals } from "#app/lib/refusals.server";
import type { Titler } from "#app/lib/page-title";

export const handle = {
  // "<reward> | <gacha>": the reward's own form under the gacha's heading.
  title: ((t, data, all = []) => {
    const reward = (data as { reward?: { name?: string } } | undefined)?.reward?.name;
    const gacha = all
      .map((d) => (d as { gacha?: { name?: string } } | undefined)?.gacha?.name)
      .find(Boolean);
    return reward && gacha
      ? `${t("gacha:admin.reward.edit", { name: reward })} | ${gacha}`
      : undefined;
  }) satisfies Titler,
  i18n: ["gacha", "errors"],
};

export const loader = /* @__PURE__ */ answerRefusals(
  async ({ context, params }: LoaderFunctionArgs) => {
    const reward = await orNotFound(() =>
      context.trpc.gachas.reward({ id: params.rewardId ?? "" }),
    );
    // A reward belongs to the gacha in the address.
    if (reward.gachaId !== params.gachaId) throw new Response("Not found", { status: 404 });
    return json({ reward });
  },
);

export const action = /* @__PURE__ */ answerRefusals(saveReward);

/** /admin/gachas/{id}/rewards/{rewardId}: edit a reward; what members already won stays. */
export default function EditReward() {
  const { t } = useTranslation("gacha");
  const { reward: r } = useLoaderData<typeof loader>();
  const data = useRouteLoaderData<typeof gachaLoader>("routes/admin+/gachas+/$gachaId");
  return (
    <RewardFormPage
      gacha={data?.gacha}
      title={t("admin.reward.edit", { name: r.name })}
      submitLabel={t("admin.update")}
      initial={{
        name: r.name,
        nameEn: r.nameEn,
        kind: r.kind,
        amount: r.amount === null ? "" : String(r.amount),
        weight: r.weight === null ? "" : String(r.weight),
        stock: r.stock === null ? "" : String(r.stock),
        validFrom: toTokyoInput(r.validFrom),
        validUntil: toTokyoInput(r.validUntil),
        validDays: r.validDays === null ? "" : String(r.validDays),
        displayOrder: String(r.displayOrder),
        imageUrl: r.imageUrl,
        active: r.active,
      }}
    />
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
