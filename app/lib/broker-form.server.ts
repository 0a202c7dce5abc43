import { json } from "@remix-run/node";
import { formValues } from "./forms.server";
import { fileBytes, readUploadForm } from "./upload.server";

const TEXT_FIELDS = [
  "name",
  "code",
  "accountKind",
  "idCharset",
  "idMinLength",
  "idMaxLength",
  "signupUrl",
  "displayOrder",
] as const;

/**
 * The broker form (multipart: it carries the logo and banner) as the brokers procedures'
 * input. A file over the size limit stops the parse: that comes back as a form error.
 */
export async function readBrokerForm(request: Request) {
  const upload = await readUploadForm(request);
  if (upload.tooLarge) {
    return {
      ok: false as const,
      response: json(
        {
          ok: false as const,
          error: { key: "imageTooLarge", params: null, fieldErrors: {} },
          values: {},
        },
        { status: 400 },
      ),
    };
  }
  const form = upload.form;
  const values = formValues(form, TEXT_FIELDS);
  return {
    ok: true as const,
    values,
    broker: {
      ...values,
      autoRebate: form.get("autoRebate") === "on",
      active: form.get("active") === "on",
    },
    images: {
      logo: await fileBytes(form, "logo"),
      banner: await fileBytes(form, "banner"),
      removeLogo: form.get("removeLogo") === "on",
      removeBanner: form.get("removeBanner") === "on",
    },
  };
}
