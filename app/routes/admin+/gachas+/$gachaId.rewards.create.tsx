import { useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { EMPTY_REWARD, RewardFormPage } from "#app/components/gachas/RewardForm";
import { saveReward } from "./reward-form.server";
import type { loader as gachaLoader } from "./$gachaId";
import { answerRefusals } from "#app/lib/refusals.server";
import { title } from "#app/lib/page-title";

export const handle = {
  title: title.tabNamed("gacha:admin.reward.create", "gacha.name"),
  i18n: ["gacha", "errors"],
};

export const action = /* @__PURE__ */ answerRefusals(saveReward);

/** /admin/gachas/{id}/rewards/create */
export default function CreateReward() {
  const { t } = useTranslation("gacha");
  const data = useRouteLoaderData<typeof gachaLoader>("routes/admin+/gachas+/$gachaId");
  return (
    <RewardFormPage
      gacha={data?.gacha}
      title={t("admin.reward.create")}
      submitLabel={t("admin.reward.createSubmit")}
      initial={EMPTY_REWARD}
    />
  );
}
