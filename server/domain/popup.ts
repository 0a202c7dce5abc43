import * as z from "zod";
import { checkbox, recordId, required as present, yesNo } from "./fields";
import { englishText } from "./form-fields";
import { endAfterStart, periodFields } from "./form-times";

/**
 * A popup as the admin's form sends it and the popups procedures take it (pure, so the action
 * parses the form with it). Messages are i18n keys under `errors:field`.
 */

/** The message key of a missing value (errors:field.required). */
const required = "required";

export const MAX_TITLE = 100;
export const MAX_BODY = 4000;

/** An absolute http(s) URL, or nothing; javascript:, data: and relative links are refused. */
export function isWebUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

const linkUrl = z
  .string({ error: required })
  .trim()
  .max(2000, "tooLong")
  .refine((v) => v === "" || isWebUrl(v), "popupLinkUrl")
  .transform((v) => (v === "" ? null : v));

export const popupInput = z
  .object({
    title: z.string({ error: required }).trim().min(1, present).max(MAX_TITLE, "tooLong"),
    body: z.string({ error: required }).trim().min(1, present).max(MAX_BODY, "tooLong"),
    titleEn: englishText(MAX_TITLE),
    bodyEn: englishText(MAX_BODY),
    linkUrl,
    ...periodFields,
    active: checkbox,
  })
  .superRefine(endAfterStart);
export type PopupValues = z.output<typeof popupInput>;

/** A list's switch: shown to members or not. */
export const setActiveInput = z.object({ id: recordId, active: yesNo });
