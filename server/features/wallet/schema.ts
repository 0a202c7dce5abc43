import { z } from "zod";
import { pagingSchema } from "../../lib/paging";
import { periodInput } from "../../lib/period";
import { type Method, WITHDRAWAL_METHODS, WITHDRAWAL_MINIMUMS } from "../../domain/withdrawal";

export { type Method, WITHDRAWAL_METHODS, WITHDRAWAL_MINIMUMS };

const required = { error: "required", abort: true } as const;
const text = (max: number) =>
  z.string({ error: "required" }).trim().min(1, required).max(max, "tooLong");

/** Yen from a form: "" is missing, "10,000" is ten thousand, anything else must be a whole number. */
export const amount = z.preprocess(
  (v) =>
    v === "" || v === null || v === undefined
      ? undefined
      : typeof v === "string"
        ? Number(v.replace(/[,\s]/g, ""))
        : v,
  z
    .number({ error: (issue) => (issue.input === undefined ? "required" : "amountInvalid") })
    .int("amountInvalid")
    .positive("amountInvalid")
    .max(100_000_000, "amountInvalid"),
);

/** A form's one-time key: a double submit or a retry makes one request. */
export const requestKey = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, "requestKeyInvalid");

/**
 * A withdrawal names the method, the amount and (for USDT) the confirmation; the payee is the
 * member's registered payment details, read on the server. Changing those needs
 * reauthentication, so a stolen session cannot send money to a new account.
 */
export const withdrawalInput = z.object({
  method: z.enum(WITHDRAWAL_METHODS, { error: "required" }),
  amount,
  requestKey,
  confirmed: z.boolean().optional(),
});

export const idInput = z.object({ id: z.string().min(1).max(64) });

/** A member's history list: the table's paging and order, and a period preset from the URL. */
export const listInput = pagingSchema(["createdAt", "amount"], {
  sort: "createdAt",
  dir: "desc",
}).and(periodInput.catch({ period: "all" }));
export type ListInput = z.output<typeof listInput>;

export const transferInput = z.object({
  email: text(254).toLowerCase().pipe(z.email("emailInvalid")),
  amount,
  message: z.string().trim().max(200, "messageTooLong").optional(),
  requestKey,
});

export const transferQuoteInput = z.object({ amount });

export const rejectInput = z.object({
  id: z.string().min(1).max(64),
  reason: text(500),
});

export const bulkCompleteInput = z.object({
  ids: z.array(z.string().min(1).max(64)).min(1).max(200),
});

export const presentInput = z.object({
  /** The member's email (what the admin knows) or id. */
  member: text(254),
  amount,
  reason: text(200),
  campaignId: z.string().max(64).optional(),
  requestKey,
});
