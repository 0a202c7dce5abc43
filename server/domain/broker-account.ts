import * as z from "zod";
import { ID_PATTERN, required as present, recordId, repeated } from "./fields";
import { englishText } from "./form-fields";

/**
 * A member's cashback account at a broker, as the registration form sends it. Messages are keys
 * under errors:field. Pure (no Node imports): the browser checks the form with this same schema
 * the procedure parses; the broker's own id rule and type list are the service's to check.
 */

/** Longest account id any broker may use (the column holds 32). */
export const MAX_ACCOUNT_ID_LENGTH = 32;

/**
 * The account's type at its broker: one of the broker's rate types, checked by
 * the service against the broker's rate card; blank or left out is "not given" (null, which
 * the schema takes back as it gives it).
 */
export const brokerAccountType = z
  .string()
  .trim()
  .max(60, "tooLong")
  .nullish()
  .transform((v) => v || null);

export const addAccountInput = z.object({
  brokerId: z
    .string({ error: "brokerRequired" })
    .trim()
    .min(1, { error: "brokerRequired", abort: true }),
  accountNumber: z
    .string({ error: "required" })
    .trim()
    .min(1, present)
    .max(MAX_ACCOUNT_ID_LENGTH * 2, "tooLong"),
  accountType: brokerAccountType,
});
export type AddAccountInput = z.input<typeof addAccountInput>;

/**
 * How account ids are compared and stored: full-width characters become half-width (NFKC: a
 * number typed on a Japanese keyboard is the same number), spaces around are dropped and
 * letters are upper-cased, so "ab123" and "ＡＢ１２３" are one account, never two.
 */
export function normalizeAccountId(raw: string): string {
  return raw.normalize("NFKC").trim().toUpperCase();
}

/** A member gives the type of their own account that has none (the service checks the list). */
export const setMyAccountTypeInput = z.object({
  id: recordId,
  accountType: z
    .string({ error: "brokerAccountTypeRequired" })
    .trim()
    .min(1, "brokerAccountTypeRequired")
    .max(60, "tooLong"),
});

/**
 * The bank page's type prompt as a form, one per account: the procedure's input, the account
 * named `accountId` there and the form named by its `intent`.
 */
export const accountTypeForm = setMyAccountTypeInput
  .omit({ id: true })
  .extend({ intent: z.literal("setType"), accountId: setMyAccountTypeInput.shape.id });

/** A member asks for one of their approved accounts to be made EA-dedicated. */
export const requestDedicatedInput = z.object({
  accountId: z
    .string({ error: "eaAccountRequired" })
    .min(1, { error: "eaAccountRequired", abort: true })
    .regex(ID_PATTERN, "eaAccountRequired"),
});

/** The admin sets or clears an account's type at its broker (the rate the import checks). */
export const setAccountTypeInput = z.object({ id: recordId, accountType: brokerAccountType });

/**
 * The admin approves or denies the ticked accounts; a denial needs the reason the member reads
 * (its English optional: members reading English get it, others the Japanese).
 */
export const decideAccountsInput = z
  .object({
    ids: repeated.pipe(
      z.array(recordId, { error: "selectAccounts" }).min(1, "selectAccounts").max(100, "tooMany"),
    ),
    decision: z.enum(["approve", "deny"], { error: "required" }),
    reason: z.string().trim().max(500, "tooLong").optional(),
    reasonEn: englishText(500),
  })
  .superRefine((v, ctx) => {
    if (v.decision === "deny" && !v.reason) {
      ctx.addIssue({ code: "custom", path: ["reason"], message: "required" });
    }
  });
