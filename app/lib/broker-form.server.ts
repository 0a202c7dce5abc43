import { fileBytes } from "./upload.server";
import { isChecked, readRecordForm } from "./forms.server";

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
 * The broker form (it carries the logo and banner) as the brokers procedures' input. Only the
 * text fields are echoed after a refusal: the flags fall back to the record's own.
 */
export async function readBrokerForm(request: Request) {
  const read = await readRecordForm(request, {
    fields: TEXT_FIELDS,
    flags: ["autoRebate", "active"],
  });
  if (!read.ok) return read;
  const { form } = read;
  return {
    ok: true as const,
    values: read.text,
    broker: read.record,
    images: {
      logo: await fileBytes(form, "logo"),
      banner: await fileBytes(form, "banner"),
      removeLogo: isChecked(form, "removeLogo"),
      removeBanner: isChecked(form, "removeBanner"),
    },
  };
}
