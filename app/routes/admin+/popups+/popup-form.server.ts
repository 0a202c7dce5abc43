import type { ActionFunctionArgs } from "@remix-run/node";
import { imageOf, parseForm, saveRecord } from "#app/lib/forms.server";
import { popupInput } from "#domain/popup";

/**
 * The popup form's action, on the create page and on a popup's page (`id` in the address):
 * saves it with its image, then shows the popup's page with what was done.
 */
export function savePopup({ request, context, params: { id } }: ActionFunctionArgs) {
  return saveRecord(
    parseForm(request, popupInput, { files: true }),
    async (form) => {
      const fields = { popup: form.input, image: await imageOf(form.form) };
      if (!id) return (await context.trpc.popups.create(fields)).id;
      await context.trpc.popups.update({ id, ...fields });
      return id;
    },
    (_, saved) => `/admin/popups/${saved}?${id ? "updated" : "created"}=1`,
  );
}
