import type { ActionFunctionArgs } from "@remix-run/node";
import { imageOf, listWithSaved, parseForm, saveRecord } from "#app/lib/forms.server";
import { rewardInput } from "#domain/gacha";

/**
 * The reward form's action, on its create page and on its edit page (`rewardId` in the
 * address): saves the reward with its image, then goes back to its gacha's rewards, naming it.
 */
export function saveReward({ request, context, params }: ActionFunctionArgs) {
  const { gachaId = "", rewardId } = params;
  return saveRecord(
    parseForm(request, rewardInput, { files: true }),
    async (form) => {
      const fields = { reward: form.input, image: await imageOf(form.form) };
      if (!rewardId) {
        await context.trpc.gachas.createReward({ gachaId, ...fields });
        return gachaId;
      }
      // An edited reward goes back to the gacha it belongs to.
      return (await context.trpc.gachas.updateReward({ id: rewardId, ...fields })).gachaId;
    },
    (form, rewardsOf) => listWithSaved(`/admin/gachas/${rewardsOf}/rewards`, form.value.name),
  );
}
