import * as z from "zod";
import { zenginText } from "./bank-text";

/**
 * The Zengin transfer file's requester (依頼人) as the admin enters it on the settings page and
 * the procedure saves it. Pure, so the page's action parses the form with this same schema.
 * Messages are keys under errors:field.
 */

/** A name in the file: it must convert to the characters banks read, and fit once converted. */
const zenginName = (max: number) =>
  z
    .string()
    .trim()
    .min(1, "required")
    .refine((v) => (zenginText(v) ?? "") !== "", "zenginKana")
    .refine((v) => (zenginText(v) ?? "").length <= max, "tooLong");

/** The requester's data (settings, "zengin"), the transfer day rule with it. */
export const requesterInput = z.object({
  requesterCode: z
    .string()
    .trim()
    .regex(/^\d{10}$/, "digits10"),
  requesterName: zenginName(40),
  bankCode: z
    .string()
    .trim()
    .regex(/^\d{4}$/, "digits4"),
  bankName: zenginName(15),
  branchCode: z
    .string()
    .trim()
    .regex(/^\d{3}$/, "digits3"),
  branchName: zenginName(15),
  accountType: z.enum(["savings", "current"], { error: "accountType" }),
  accountNumber: z
    .string()
    .trim()
    .regex(/^\d{7}$/, "digits7"),
  leadBusinessDays: z.coerce
    .number({ error: "leadDays" })
    .int("leadDays")
    .min(0, "leadDays")
    .max(5, "leadDays"),
});
