import { readRecordForm } from "./forms.server";

/** The admin's gacha and reward forms (with their image) as the gachas procedures' input. */
export const GACHA_FIELDS = [
  "name",
  "description",
  "nameEn",
  "descriptionEn",
  "startsAt",
  "endsAt",
  "cost",
  "method",
  "challengeLimit",
] as const;

export const REWARD_FIELDS = [
  "name",
  "nameEn",
  "kind",
  "amount",
  "weight",
  "stock",
  "validFrom",
  "validUntil",
  "validDays",
  "displayOrder",
] as const;

export function readGachaForm(request: Request) {
  return readRecordForm(request, { fields: GACHA_FIELDS, flags: ["published"] });
}

export function readRewardForm(request: Request) {
  return readRecordForm(request, { fields: REWARD_FIELDS, flags: ["active"] });
}
