import * as z from "zod";
import { checkbox, required as present } from "./fields";
import { englishText } from "./form-fields";
import { endAfterStart, periodFields } from "./form-times";

/**
 * A campaign as the admin's form sends it and the campaigns procedures take it: the strings
 * checked and converted (Tokyo date-times to stored UTC, capacity "" to unlimited). Pure, so
 * the action parses the form with it. Messages are i18n keys under `errors:field`.
 */

/** The message key of a missing value (errors:field.required). */
const required = "required";

export const MAX_TITLE = 200;
export const MAX_BODY = 10_000;
export const MAX_CONDITIONS = 5_000;
export const MAX_CAPACITY = 1_000_000;

/** "" = unlimited; otherwise a whole number of entries ("1,000" is a thousand). */
const capacity = z
  .string({ error: required })
  .trim()
  .transform((v) => (v === "" ? null : Number(v.replace(/[,\s]/g, ""))))
  .pipe(
    z
      .number({ error: "campaignCapacity" })
      .int("campaignCapacity")
      .min(1, "campaignCapacity")
      .max(MAX_CAPACITY, "campaignCapacity")
      .nullable(),
  );

/** Text from a textarea: a form sends its line breaks as CRLF; stored as LF. */
function text() {
  return z.string({ error: required }).transform((v) => v.replace(/\r\n?/g, "\n").trim());
}

export const campaignInput = z
  .object({
    title: z.string({ error: required }).trim().min(1, present).max(MAX_TITLE, "tooLong"),
    body: text().pipe(z.string().min(1, present).max(MAX_BODY, "tooLong")),
    conditions: text().pipe(z.string().max(MAX_CONDITIONS, "tooLong")),
    titleEn: englishText(MAX_TITLE),
    bodyEn: englishText(MAX_BODY),
    conditionsEn: englishText(MAX_CONDITIONS),
    ...periodFields,
    capacity,
    active: checkbox,
  })
  .superRefine(endAfterStart);
export type CampaignValues = z.output<typeof campaignInput>;
