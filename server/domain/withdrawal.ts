import * as z from "zod";
import { amount, amountWithin, checkbox, requestKey, text } from "./fields";

/**
 * The withdrawal and transfer rules a member sees on the form and the service enforces: one
 * list and one input schema, so the page never restates them (pure: imported by the browser
 * bundle too, where the same schema checks the form before it is sent).
 */

/** The payout methods, in the order the form offers them. */
export const WITHDRAWAL_METHODS = [
  "bank",
  "bitwallet",
  "usdt",
  "exness",
  "paypay",
  "peska",
] as const;
export type Method = (typeof WITHDRAWAL_METHODS)[number];

/** Minimum withdrawal per method, in yen. */
export const WITHDRAWAL_MINIMUMS: Record<Method, number> = {
  bank: 1_000,
  bitwallet: 1_000,
  usdt: 5_000,
  peska: 5_000,
  exness: 500,
  paypay: 500,
};

/**
 * What the portal charges for a payout, per method, in yen: nothing. The member receives the
 * amount requested; a receiving bank or wallet may charge its own fees (said on the form).
 */
export const WITHDRAWAL_FEES: Record<Method, number> = {
  bank: 0,
  bitwallet: 0,
  usdt: 0,
  peska: 0,
  exness: 0,
  paypay: 0,
};

/** How many business days a withdrawal takes to process (the published 1–2 business days). */
export const WITHDRAWAL_PROCESSING_DAYS = 2;

/**
 * A withdrawal request's states: waiting for the admin, awaiting a second admin's approval (a
 * large one), sent to the bank, paid out, refused, withdrawn by the member.
 */
export const WITHDRAWAL_STATUSES = [
  "pending",
  "checking",
  "sent",
  "completed",
  "rejected",
  "cancelled",
] as const;

/**
 * A withdrawal names the method, the amount (at least the method's minimum) and, for USDT, the
 * confirmation of the network (a checkbox on the form: "on" is yes; the service asks for it).
 * The payee is the member's registered payment details, read on the server: changing those
 * needs reauthentication, so a stolen session cannot send money to a new account. The browser
 * checks the form with this same schema, so the minimum reads the same on both sides.
 */
function withdrawalSchema(amountField: typeof amount) {
  return z
    .object({
      method: z.enum(WITHDRAWAL_METHODS, { error: "required" }),
      amount: amountField,
      requestKey,
      confirmed: checkbox,
    })
    .superRefine((v, ctx) => {
      if (v.amount < WITHDRAWAL_MINIMUMS[v.method])
        ctx.addIssue({ code: "custom", path: ["amount"], message: "belowMinimum" });
    });
}
export const withdrawalInput = withdrawalSchema(amount);

/**
 * The withdrawal form as the browser checks it: above the member's available balance is
 * refused there with the balance named (the server checks again under the lock).
 */
export function withdrawalFormInput(available: number) {
  return withdrawalSchema(amountWithin({ max: Math.max(available, 1), above: "aboveAvailable" }));
}

function transferSchema(amountField: typeof amount) {
  return z.object({
    email: text(254).toLowerCase().pipe(z.email("emailInvalid")),
    amount: amountField,
    message: z.string().trim().max(200, "messageTooLong").optional(),
    requestKey,
  });
}
/** A transfer to another member, named by email; the message is optional. */
export const transferInput = transferSchema(amount);

/**
 * The transfer form, in the browser and the page's action: an amount outside the range the
 * admin set is refused naming that range, as the service would.
 */
export function transferFormInput(limits: { min: number; max: number }) {
  return transferSchema(
    amountWithin({
      min: limits.min,
      max: limits.max,
      below: "transferAmountRange",
      above: "transferAmountRange",
    }),
  );
}

/** The payee's details a member keeps for withdrawals, as the forms and the procedures name them. */
export const BANK_FIELDS = [
  "bankName",
  "bankCode",
  "branchName",
  "branchNumber",
  "accountType",
  "bankAccountNumber",
  "accountHolder",
] as const;

export const PAYMENT_FIELDS = [
  ...BANK_FIELDS,
  "usdtAddress",
  "exnessEmail",
  "peskaEmail",
  "bitwalletEmail",
  "paypayId",
] as const;
export type PaymentField = (typeof PAYMENT_FIELDS)[number];
