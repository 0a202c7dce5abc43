import * as z from "zod";
import { required as present } from "./fields";

/** The message key of a missing value (errors:field.required). */
const required = "required";

/**
 * Field pieces the admin's entity forms (campaigns, gachas, popups) share: the form sends
 * strings, these check and convert them. Pure, so the action and the browser check a form with
 * the procedure's own schema. Messages are i18n keys under `errors:field`. The date-time
 * fields are in form-times.ts, so the member forms taking text from here leave TZDate out.
 */

/** A whole number typed in a form ("1,000" is a thousand); "" is missing. */
export function wholeNumber(min: number, max: number, message: string) {
  return z
    .string({ error: required })
    .trim()
    .min(1, present)
    .transform((v) => Number(v.replace(/[,\s]/g, "")))
    .pipe(z.number({ error: message }).int(message).min(min, message).max(max, message));
}

/** As `wholeNumber`, but "" or a field left out (one the form hides) is null (no value). */
export function optionalWholeNumber(min: number, max: number, message: string) {
  return z
    .string({ error: required })
    .optional()
    .transform((v) => {
      const typed = (v ?? "").trim();
      return typed === "" ? null : Number(typed.replace(/[,\s]/g, ""));
    })
    .pipe(z.number({ error: message }).int(message).min(min, message).max(max, message).nullable());
}

/** The image part of an entity form: a new upload, or removing the one it has. */
export const imageInput = z.object({
  image: z.instanceof(Uint8Array).optional(),
  removeImage: z.boolean().optional(),
});

/** A stored file's name, for the public /media/<area>/<file> routes. */
export const fileInput = z.object({ file: z.string().max(64) });

/**
 * A list position typed in a form (0–9999; a plain number, no separators). A non-number (NaN)
 * gets the field's own message, not zod's English default.
 */
export const displayOrder = z
  .string({ error: required })
  .trim()
  .min(1, present)
  .transform(Number)
  .pipe(
    z
      .number({ error: "displayOrder" })
      .int("displayOrder")
      .min(0, "displayOrder")
      .max(9999, "displayOrder"),
  );

/**
 * The English of an admin-written text: optional, with the Japanese field's
 * limit; line breaks stored as LF, and blank is null (members then read the Japanese). Left out
 * by an older caller, it is null too.
 */
export function englishText(max: number) {
  return z
    .string()
    .optional()
    .transform((v) => (v ?? "").replace(/\r\n?/g, "\n").trim())
    .pipe(z.string().max(max, "tooLong"))
    .transform((v) => (v === "" ? null : v));
}
