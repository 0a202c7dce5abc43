import { z } from "zod";
import {
  endAfterStart,
  englishText,
  fileInput,
  imageInput,
  periodFields,
} from "../../lib/form-fields";
import { idInput, present, recordId, required } from "../../lib/input";
import { filterChoice, pagingSchema } from "../../lib/paging";

/**
 * Popups: the admin's form and the procedures' inputs. One schema for the form (the route
 * passes the form's strings) and the procedure. Messages are i18n keys under `errors:field`
 * (popup-specific ones under `popup:fieldErrors`).
 */

export const MAX_TITLE = 100;
export const MAX_BODY = 4000;
export const POPUP_STATES = ["showing", "scheduled", "ended", "inactive"] as const;
export type PopupState = (typeof POPUP_STATES)[number];

export { fileInput, idInput, imageInput };

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
    active: z.boolean(),
  })
  .superRefine(endAfterStart);
export type PopupValues = z.output<typeof popupInput>;

export const createPopupInput = z.object({ popup: popupInput, image: imageInput });
/** An update is the create form plus the record's id. */
export const updatePopupInput = createPopupInput.extend({ id: recordId });
export const setActiveInput = z.object({ id: recordId, active: z.boolean() });

export const adminListInput = pagingSchema(["startsAt", "createdAt"], {
  sort: "startsAt",
  dir: "desc",
}).extend({ state: filterChoice(POPUP_STATES) });
