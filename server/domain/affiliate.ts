import * as z from "zod";
import { checkbox } from "./fields";
import { displayOrder } from "./form-fields";

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

/** An affiliate banner's fields as the admin's form sends them (its image rides beside them). */
export const bannerInput = z.object({
  title: z
    .string({ error: "required" })
    .trim()
    .min(1, { error: "required", abort: true })
    .max(100, "tooLong"),
  alt: z
    .string({ error: "required" })
    .trim()
    .min(1, { error: "required", abort: true })
    .max(200, "tooLong"),
  active: checkbox,
  displayOrder,
});

export const bannerIdInput = z.object({ id: z.string().min(1).max(26) });

/** The banner page's forms: the new banner's, or a banner's own (its save, its switch). */
export const bannerForm = z.discriminatedUnion("intent", [
  bannerInput.extend({ intent: z.literal("create") }),
  bannerInput.extend({ intent: z.literal("update"), ...bannerIdInput.shape }),
]);
