import { z } from "zod";
import { idInput, required } from "../../lib/input";
import { fromTokyoInput } from "../../domain/tokyo";
import { isId } from "../../../db/id";
import { toDbTime } from "../../../db/time";
import { filterChoice, filterText, pagingSchema } from "../../lib/paging";
import { requestKey } from "../wallet/schema";

/**
 * Gachas: the admin's forms (gacha, reward) and the members' inputs. One schema per input,
 * shared by the form (the route passes the form's strings) and the procedure. Messages are
 * i18n keys under `errors:field`.
 */

const present = { error: required, abort: true } as const;

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
/** A gacha holds at most this many rewards: its odds table stays readable. */
export const MAX_REWARDS = 50;

export { idInput };

/**
 * A `datetime-local` value people typed in Tokyo ("2026-12-01T10:00") as a stored UTC
 * timestamp; null when it is not a real date and time.
 */
export function tokyoLocalToDb(value: string): string | null {
  const instant = fromTokyoInput(value);
  return instant ? toDbTime(instant) : null;
}

const tokyoDateTime = z
  .string({ error: required })
  .trim()
  .min(1, present)
  .transform((v, ctx) => {
    const db = tokyoLocalToDb(v);
    if (!db) {
      ctx.addIssue({ code: "custom", message: "dateTimeInvalid" });
      return z.NEVER;
    }
    return db;
  });

const optionalTokyoDateTime = z
  .string({ error: required })
  .trim()
  .transform((v, ctx) => {
    if (v === "") return null;
    const db = tokyoLocalToDb(v);
    if (!db) {
      ctx.addIssue({ code: "custom", message: "dateTimeInvalid" });
      return z.NEVER;
    }
    return db;
  });

/** A whole number typed in a form ("1,000" is a thousand); "" is missing. */
function wholeNumber(min: number, max: number, message: string) {
  return z
    .string({ error: required })
    .trim()
    .min(1, present)
    .transform((v) => Number(v.replace(/[,\s]/g, "")))
    .pipe(z.number({ error: message }).int(message).min(min, message).max(max, message));
}

function optionalWholeNumber(min: number, max: number, message: string) {
  return z
    .string({ error: required })
    .trim()
    .transform((v) => (v === "" ? null : Number(v.replace(/[,\s]/g, ""))))
    .pipe(z.number({ error: message }).int(message).min(min, message).max(max, message).nullable());
}

// ------------------------------------------------------------------------------ gacha form

export const gachaInput = z
  .object({
    name: z.string({ error: required }).trim().min(1, present).max(100, "tooLong"),
    description: z.string({ error: required }).trim().max(2000, "tooLong"),
    startsAt: tokyoDateTime,
    endsAt: tokyoDateTime,
    cost: wholeNumber(0, MAX_COST, "gachaCost"),
    method: z.string({ error: required }).pipe(z.enum(GACHA_METHODS, { error: required })),
    challengeLimit: wholeNumber(1, MAX_LIMIT, "gachaLimit"),
    published: z.boolean(),
  })
  .superRefine((v, ctx) => {
    if (v.endsAt <= v.startsAt) {
      ctx.addIssue({ code: "custom", path: ["endsAt"], message: "endBeforeStart" });
    }
  });
export type GachaValues = z.output<typeof gachaInput>;

const upload = z.instanceof(Uint8Array).optional();
export const imageInput = z.object({ image: upload, removeImage: z.boolean().optional() });

export const createGachaInput = z.object({ gacha: gachaInput, image: imageInput });
export const updateGachaInput = z.object({
  id: z.string({ error: required }).refine(isId, "notFound"),
  gacha: gachaInput,
  image: imageInput,
});

// ----------------------------------------------------------------------------- reward form

/**
 * A reward. Which of weight / stock is needed depends on the gacha's method, which the form
 * does not send: the service checks that part (as a field error, like this schema's own).
 */
export const rewardInput = z
  .object({
    name: z.string({ error: required }).trim().min(1, present).max(100, "tooLong"),
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
  gachaId: z.string({ error: required }).refine(isId, "notFound"),
  reward: rewardInput,
  image: imageInput,
});
export const updateRewardInput = z.object({
  id: z.string({ error: required }).refine(isId, "notFound"),
  reward: rewardInput,
  image: imageInput,
});

// -------------------------------------------------------------------------------- members

export const drawInput = z.object({
  gachaId: z.string({ error: required }).refine(isId, "notFound"),
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
  gachaId: z.string({ error: required }).refine(isId, "notFound"),
  member: filterText(100),
  state: filterChoice(LOG_STATES),
});

export const fileInput = z.object({ file: z.string().max(64) });
