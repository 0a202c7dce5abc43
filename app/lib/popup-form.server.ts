import { json } from "@remix-run/node";
import { formValues } from "./forms.server";
import { fileBytes, readUploadForm } from "./upload.server";

/**
 * The admin's popup form (multipart: it may carry an image) as the popups procedures' input.
 * The schema on the server checks every field; here they are only read.
 */
export const POPUP_FIELDS = ["title", "body", "linkUrl", "startsAt", "endsAt"] as const;

export async function readPopupForm(request: Request) {
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
  const values = formValues(upload.form, POPUP_FIELDS);
  const active = upload.form.get("active") === "on";
  return {
    ok: true as const,
    intent: String(upload.form.get("intent") ?? "save"),
    values: { ...values, active: active ? "on" : "" },
    popup: { ...values, active },
    image: {
      image: await fileBytes(upload.form, "image"),
      removeImage: upload.form.get("removeImage") === "on",
    },
  };
}
