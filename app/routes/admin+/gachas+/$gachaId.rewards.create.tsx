import { type ActionFunctionArgs } from "@remix-run/node";
import { useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { EMPTY_REWARD, RewardFormPage } from "~/components/gachas/RewardForm";
import { imageOf, listWithSaved, parseForm, saveRecord } from "~/lib/forms.server";
import { rewardInput } from "../../../../server/domain/gacha";
import type { loader as gachaLoader } from "./$gachaId";
import { answerRefusals } from "~/lib/refusals.server";

export const handle = { i18n: ["gacha", "errors"] };

export const action = /* @__PURE__ */ answerRefusals(
  async ({ request, context, params }: ActionFunctionArgs) => {
    const gachaId = params.gachaId ?? "";
    return saveRecord(
      parseForm(request, rewardInput, { files: true }),
      async (form) =>
        context.trpc.gachas.createReward({
          gachaId,
          reward: form.input,
          image: await imageOf(form.form),
        }),
      (form) => listWithSaved(`/admin/gachas/${gachaId}/rewards`, form.value.name),
    );
  },
);

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
