import { z } from "zod";

/**
 * The affiliate reward rates as the admin's forms send them and the affiliate procedures take
 * them (pure, so the action parses the form with them). Messages are keys under errors:field.
 */

/** Percent with at most two decimals, stored in basis points (10.5% = 1050); 0–100. */
export const ratePercent = z
  .string({ error: "required" })
  .trim()
  .min(1, { error: "required", abort: true })
  .regex(/^\d{1,3}(\.\d{1,2})?$/, "affiliateRate")
  .transform((v) => Math.round(Number(v) * 100))
  .refine((v) => v <= 10_000, "affiliateRate");

export const defaultRateInput = z.object({ rate: ratePercent });
export const memberRateInput = z.object({
  userId: z.string().min(1).max(26),
  /** Empty: remove the override, the default applies again. */
  rate: z.union([z.literal("").transform(() => null), ratePercent]),
});
