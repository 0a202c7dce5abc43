import { json } from "@remix-run/node";
import { formValues } from "./forms.server";
import { fileBytes, readUploadForm } from "./upload.server";

/**
 * The admin's campaign form (multipart: it carries an image) as the campaigns procedures'
 * input. The schema on the server checks every field; here they are only read.
 */

export const CAMPAIGN_FIELDS = [
  "title",
  "body",
  "conditions",
  "startsAt",
  "endsAt",
  "capacity",
] as const;

export async function readCampaignForm(request: Request) {
  const upload = await readUploadForm(request);
  if (upload.tooLarge) {
    return {
      ok: false as const,
      response: json(
        {
          ok: false as const,
          error: { key: "imageTooLarge", params: null, fieldErrors: {} },
          values: {} as Record<string, string>,
        },
        { status: 400 },
      ),
    };
  }
  const values = formValues(upload.form, CAMPAIGN_FIELDS);
  const active = upload.form.get("active") === "on";
  return {
    ok: true as const,
    values: { ...values, active: active ? "on" : "" },
    campaign: { ...values, active },
    image: {
      image: await fileBytes(upload.form, "image"),
      removeImage: upload.form.get("removeImage") === "on",
    },
  };
}
