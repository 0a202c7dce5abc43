import { z } from "zod";
import {
  endAfterStart,
  englishText,
  fileInput,
  imageInput,
  optionalTokyoDateTime,
  optionalWholeNumber,
  periodFields,
  tokyoLocalToDb,
  wholeNumber,
} from "../../lib/form-fields";
import { idInput, present, recordId, required } from "../../lib/input";
import { filterChoice, filterText, pagingSchema } from "../../lib/paging";
import { requestKey } from "../wallet/schema";

/**
 * Gachas: the admin's forms (gacha, reward) and the members' inputs. One schema per input,
 * shared by the form (the route passes the form's strings) and the procedure. Messages are
 * i18n keys under `errors:field`.
 */

export const GACHA_METHODS = ["weighted", "box"] as const;
export const REWARD_KINDS = ["cash", "item", "none"] as const;
/** What a member's history row is: an item's state, or what a cash / no-prize draw did. */
export const LOG_STATES = [
  "available",
  "used",
  "expired",
  "not_started",
  "credited",
  "none",
] as const;
export type LogState = (typeof LOG_STATES)[number];
export const LIST_FILTERS = ["open", "upcoming", "closed", "played"] as const;

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

export { fileInput, idInput, imageInput, tokyoLocalToDb };

// ------------------------------------------------------------------------------ gacha form

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
    published: z.boolean(),
  })
  .superRefine(endAfterStart);
export type GachaValues = z.output<typeof gachaInput>;

export const createGachaInput = z.object({ gacha: gachaInput, image: imageInput });
/** An update is the create form plus the record's id. */
export const updateGachaInput = createGachaInput.extend({ id: recordId });

// ----------------------------------------------------------------------------- reward form

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
    active: z.boolean(),
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

export const createRewardInput = z.object({
  gachaId: recordId,
  reward: rewardInput,
  image: imageInput,
});
export const updateRewardInput = z.object({
  id: recordId,
  reward: rewardInput,
  image: imageInput,
});

// -------------------------------------------------------------------------------- members

export const drawInput = z.object({
  gachaId: recordId,
  requestKey,
});

export const memberListInput = pagingSchema(["status"], { sort: "status", dir: "asc" }).extend({
  filter: filterChoice(LIST_FILTERS),
});

export const myLogsInput = pagingSchema(["createdAt"], { sort: "createdAt", dir: "desc" }).extend({
  state: filterChoice(LOG_STATES),
});

// ---------------------------------------------------------------------------------- admin

export const adminListInput = pagingSchema(["startsAt", "createdAt", "name"], {
  sort: "startsAt",
  dir: "desc",
}).extend({ q: filterText(100) });

export const adminLogsInput = pagingSchema(["createdAt"], {
  sort: "createdAt",
  dir: "desc",
}).extend({
  gachaId: recordId,
  member: filterText(100),
  state: filterChoice(LOG_STATES),
});
