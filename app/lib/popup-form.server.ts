import { readRecordForm } from "./forms.server";

/** The admin's popup form (it may carry an image) as the popups procedures' input. */
export const POPUP_FIELDS = [
  "title",
  "body",
  "titleEn",
  "bodyEn",
  "linkUrl",
  "startsAt",
  "endsAt",
] as const;

export function readPopupForm(request: Request) {
  return readRecordForm(request, { fields: POPUP_FIELDS, flags: ["active"] });
}
