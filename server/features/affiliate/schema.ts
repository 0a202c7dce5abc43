import { z } from "zod";
import { filterText, pagingSchema } from "../../lib/paging";

/** The spec's affiliate presets. */
export const AFFILIATE_PRESETS = [
  "7d",
  "28d",
  "90d",
  "365d",
  "thisMonth",
  "lastMonth",
  "thisYear",
  "lastYear",
] as const;
export type AffiliatePreset = (typeof AFFILIATE_PRESETS)[number];

export const summaryInput = z.object({
  preset: z.enum(AFFILIATE_PRESETS).catch("28d").default("28d"),
});

export const customersInput = pagingSchema(["registered", "nickname"], {
  sort: "registered",
  dir: "desc",
});

export const adminReferrersInput = pagingSchema(["customers", "rewards", "nickname"], {
  sort: "rewards",
  dir: "desc",
}).extend({ q: filterText() });

export const referrerInput = z.object({ userId: z.string().min(1).max(26) });

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
