import * as z from "zod";
import { required as present } from "./fields";
import { englishText } from "./form-fields";

/**
 * A ranking battle as the admin's form sends it and the battles procedures take it (pure, so
 * the action parses the form with it). Messages are keys under `errors:field`.
 */

/** The message key of a missing value (errors:field.required). */
const required = "required";

export const MAX_PRIZE_RANKS = 100;
export const MAX_PRIZE = 100_000_000;

const day = z
  .string({ error: required })
  .trim()
  .min(1, present)
  .regex(/^\d{4}-\d{2}-\d{2}$/, "invalidDate")
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, "invalidDate");

/** A yen amount typed in a form ("1,000" and "¥1000" are a thousand). */
const prizeAmount = z
  .union([z.string(), z.number()], { error: required })
  .transform((v) => (typeof v === "number" ? v : Number(v.replace(/[,\s¥円]/g, "") || NaN)))
  .pipe(
    z
      .number({ error: "battlePrize" })
      .int("battlePrize")
      .min(1, "battlePrize")
      .max(MAX_PRIZE, "battlePrize"),
  );

export const prizeInput = z.object({
  rank: z.coerce
    .number({ error: "battleRank" })
    .int("battleRank")
    .min(1, "battleRank")
    .max(MAX_PRIZE_RANKS, "battleRank"),
  amount: prizeAmount,
});

export const MAX_TITLE = 100;

export const battleInput = z
  .object({
    title: z.string({ error: required }).trim().min(1, present).max(MAX_TITLE, "tooLong"),
    titleEn: englishText(MAX_TITLE),
    startsOn: day,
    endsOn: day,
    prizes: z
      .array(prizeInput, { error: "battlePrizesRequired" })
      .min(1, "battlePrizesRequired")
      .max(MAX_PRIZE_RANKS, "tooMany"),
  })
  .superRefine((v, ctx) => {
    if (v.endsOn < v.startsOn) {
      ctx.addIssue({ code: "custom", path: ["endsOn"], message: "endBeforeStart" });
    }
    // Ranks 1, 2, …, n, each once: a gap or a repeat is the admin's typo, not a rule.
    const ranks = v.prizes.map((p) => p.rank).sort((a, b) => a - b);
    if (ranks.some((r, i) => r !== i + 1)) {
      ctx.addIssue({ code: "custom", path: ["prizes"], message: "battleRanksContiguous" });
    }
  })
  .transform((v) => ({ ...v, prizes: [...v.prizes].sort((a, b) => a.rank - b.rank) }));
