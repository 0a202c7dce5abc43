import type { ActionFunctionArgs } from "@remix-run/node";
import { imageOf, listWithSaved, parseForm, saveRecord } from "#app/lib/forms.server";
import { campaignInput } from "#domain/campaign";

/**
 * The campaign form's action, on the create page and on a campaign's edit page (`id` in the
 * address): saves it with its image, then goes back to the list, naming it.
 */
export function saveCampaign({ request, context, params: { id } }: ActionFunctionArgs) {
  return saveRecord(
    parseForm(request, campaignInput, { files: true }),
    async (form) => {
      const fields = { campaign: form.input, image: await imageOf(form.form) };
      return id
        ? context.trpc.campaigns.update({ id, ...fields })
        : context.trpc.campaigns.create(fields);
    },
    (form) => listWithSaved("/admin/campaigns", form.value.title),
  );
}
