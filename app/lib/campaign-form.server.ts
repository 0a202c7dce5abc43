import { readRecordForm } from "./forms.server";

/** The admin's campaign form (with its image) as the campaigns procedures' input. */
export const CAMPAIGN_FIELDS = [
  "title",
  "body",
  "conditions",
  "titleEn",
  "bodyEn",
  "conditionsEn",
  "startsAt",
  "endsAt",
  "capacity",
] as const;

export function readCampaignForm(request: Request) {
  return readRecordForm(request, { fields: CAMPAIGN_FIELDS, flags: ["active"] });
}
