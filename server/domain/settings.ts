import * as z from "zod";
import { toHundredths } from "./broker-terms";

/**
 * The money settings as the admin's form sends them and the settings procedure takes them (pure,
 * so the action parses the form with it). Messages are keys under errors:field.
 */

/** Percent with at most two decimals, stored in basis points (1.25% = 125). */
export const feeRatePercent = z
  .string({ error: "required" })
  .trim()
  .min(1, { error: "required", abort: true })
  .regex(/^\d{1,2}(\.\d{1,2})?$/, "percentFormat")
  .transform((v) => Math.round(Number(v) * 100));

/** Yen as typed ("10,000" is ten thousand) or as a number. */
const yen = z.preprocess(
  (v) => (typeof v === "string" ? v.replace(/[,\s]/g, "") : v),
  z.coerce
    .number({ error: "amountInvalid" })
    .int("amountInvalid")
    .min(0, "amountInvalid")
    .max(100_000_000, "amountInvalid"),
);

export const settingsInput = z
  .object({
    transferFeeRate: feeRatePercent,
    transferMin: yen.refine((v) => v >= 1, "amountInvalid"),
    transferMax: yen,
    usdtNetwork: z.enum(["TRC20", "ERC20"], { error: "required" }),
    paypayDailyLimit: yen.refine((v) => v >= 1, "amountInvalid"),
    /** Yen per dollar for the public calculator, e.g. "150.25"; left out, it stays as it is. */
    usdJpyRate: z
      .string()
      .trim()
      .transform((v) => toHundredths(v))
      .pipe(z.number({ error: "usdJpyRate" }).int().min(1, "usdJpyRate").max(100_000, "usdJpyRate"))
      .optional(),
    /** Withdrawals and transfers of this much or more need two admins; left out, unchanged. */
    secondApprovalFrom: yen.refine((v) => v >= 1, "amountInvalid").optional(),
    /** Presents of more than this need two admins (0: every present); left out, unchanged. */
    presentSecondApprovalOver: yen.optional(),
    /** The admin saw how many saved USDT addresses a network change leaves stale. */
    confirmNetworkChange: z
      .union([z.boolean(), z.literal("1")])
      .optional()
      .transform((v) => v === true || v === "1"),
  })
  .superRefine((v, ctx) => {
    if (v.transferMax < v.transferMin) {
      ctx.addIssue({ code: "custom", path: ["transferMax"], message: "maxBelowMin" });
    }
  });
