import { json } from "@remix-run/node";
import { formValues } from "./forms.server";
import { fileBytes, readUploadForm } from "./upload.server";

/**
 * The admin's gacha and reward forms (multipart: they carry an image) as the gachas
 * procedures' input. The schema on the server checks every field; here they are only read.
 */

export const GACHA_FIELDS = [
  "name",
  "description",
  "startsAt",
  "endsAt",
  "cost",
  "method",
  "challengeLimit",
] as const;

export const REWARD_FIELDS = [
  "name",
  "kind",
  "amount",
  "weight",
  "stock",
  "validFrom",
  "validUntil",
  "validDays",
  "displayOrder",
] as const;

function tooLarge() {
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

async function readImage(form: FormData) {
  return { image: await fileBytes(form, "image"), removeImage: form.get("removeImage") === "on" };
}

export async function readGachaForm(request: Request) {
  const upload = await readUploadForm(request);
  if (upload.tooLarge) return tooLarge();
  const values = formValues(upload.form, GACHA_FIELDS);
  return {
    ok: true as const,
    values: { ...values, published: upload.form.get("published") === "on" ? "on" : "" },
    gacha: { ...values, published: upload.form.get("published") === "on" },
    image: await readImage(upload.form),
  };
}

export async function readRewardForm(request: Request) {
  const upload = await readUploadForm(request);
  if (upload.tooLarge) return tooLarge();
  const values = formValues(upload.form, REWARD_FIELDS);
  return {
    ok: true as const,
    values: { ...values, active: upload.form.get("active") === "on" ? "on" : "" },
    reward: { ...values, active: upload.form.get("active") === "on" },
    image: await readImage(upload.form),
  };
}
