import * as z from "zod";
import { checkbox, recordId, required as present, requestKey } from "./fields";
import { englishText, optionalWholeNumber, wholeNumber } from "./form-fields";
import { endAfterStart, optionalTokyoDateTime, periodFields } from "./form-times";

/**
 * A gacha and a reward as the admin's forms send them and the gachas procedures take them
 * (pure, so the action parses the form with them). Messages are i18n keys under `errors:field`.
 */

/** The message key of a missing value (errors:field.required). */
const required = "required";

export const GACHA_METHODS = ["weighted", "box"] as const;
export const REWARD_KINDS = ["cash", "item", "none"] as const;

export const MAX_COST = 1_000_000;
export const MAX_LIMIT = 1_000;
export const MAX_CASH = 10_000_000;
export const MAX_WEIGHT = 1_000_000;
export const MAX_STOCK = 1_000_000;
export const MAX_VALID_DAYS = 3_650;
export const MAX_NAME = 100;
export const MAX_DESCRIPTION = 2000;
/** A gacha holds at most this many rewards: its odds table stays readable. */
export const MAX_REWARDS = 50;

export const gachaInput = z
  .object({
    name: z.string({ error: required }).trim().min(1, present).max(MAX_NAME, "tooLong"),
    description: z.string({ error: required }).trim().max(MAX_DESCRIPTION, "tooLong"),
    nameEn: englishText(MAX_NAME),
    descriptionEn: englishText(MAX_DESCRIPTION),
    ...periodFields,
    cost: wholeNumber(0, MAX_COST, "gachaCost"),
    method: z.string({ error: required }).pipe(z.enum(GACHA_METHODS, { error: required })),
    challengeLimit: wholeNumber(1, MAX_LIMIT, "gachaLimit"),
    published: checkbox,
  })
  .superRefine(endAfterStart);
export type GachaValues = z.output<typeof gachaInput>;

/**
 * A reward. Which of weight / stock is needed depends on the gacha's method, which the form
 * does not send: the service checks that part (as a field error, like this schema's own).
 */
export const rewardInput = z
  .object({
    name: z.string({ error: required }).trim().min(1, present).max(MAX_NAME, "tooLong"),
    nameEn: englishText(MAX_NAME),
    kind: z.string({ error: required }).pipe(z.enum(REWARD_KINDS, { error: required })),
    amount: optionalWholeNumber(1, MAX_CASH, "rewardAmount"),
    weight: optionalWholeNumber(1, MAX_WEIGHT, "rewardWeight"),
    stock: optionalWholeNumber(0, MAX_STOCK, "rewardStock"),
    validFrom: optionalTokyoDateTime,
    validUntil: optionalTokyoDateTime,
    validDays: optionalWholeNumber(1, MAX_VALID_DAYS, "validDays"),
    displayOrder: wholeNumber(0, 9999, "displayOrder"),
    active: checkbox,
  })
  .superRefine((v, ctx) => {
    if (v.kind === "cash" && v.amount === null) {
      ctx.addIssue({ code: "custom", path: ["amount"], message: required });
    }
    if (v.kind === "item" && v.validFrom && v.validUntil && v.validUntil <= v.validFrom) {
      ctx.addIssue({ code: "custom", path: ["validUntil"], message: "endBeforeStart" });
    }
  })
  // Only a cash reward has an amount, only an item a validity: the rest is dropped, so a
  // value left in a hidden field never changes what a draw gives.
  .transform((v) => ({
    ...v,
    amount: v.kind === "cash" ? v.amount : null,
    validFrom: v.kind === "item" ? v.validFrom : null,
    validUntil: v.kind === "item" ? v.validUntil : null,
    validDays: v.kind === "item" ? v.validDays : null,
  }));
export type RewardValues = z.output<typeof rewardInput>;

// -------------------------------------------------------------------------------- members

/** A member's draw: the gacha, and the form's one-time key (a double submit draws once). */
export const drawInput = z.object({
  gachaId: recordId,
  requestKey,
});

/** A won item the member uses, by its draw's id; the service says whether it still can be. */
export const useItemInput = z.object({ id: recordId });
