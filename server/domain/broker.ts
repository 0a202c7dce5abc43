import * as z from "zod";
import type { AccountKind, IdCharset } from "#db/schema";
import { MAX_ACCOUNT_ID_LENGTH } from "./broker-account";
import { alwaysCheck, brokerTermsFields, scheduleComplete } from "./broker-terms";
import { checkbox, required as present } from "./fields";
import { displayOrder } from "./form-fields";

/**
 * A broker as the admin's form sends it and the brokers procedures take it (pure, so the action
 * parses the form with it). Messages are i18n keys under `errors:field`.
 */

/** The message key of a missing value (errors:field.required). */
const required = "required";

export const ACCOUNT_KINDS = [
  "mt_number",
  "customer_id",
  "uid",
] as const satisfies readonly AccountKind[];
export const ID_CHARSETS = [
  "digits",
  "alnum",
  "alnum_dash",
] as const satisfies readonly IdCharset[];

/** A whole number from a form field; "" is null. */
function optionalInt(min: number, max: number, message: string) {
  return z
    .string({ error: required })
    .trim()
    .transform((v) => (v === "" ? null : Number(v)))
    .pipe(z.number({ error: message }).int(message).min(min, message).max(max, message).nullable());
}

export const brokerFields = z.object({
  name: z.string({ error: required }).trim().min(1, present).max(100, "tooLong"),
  code: z
    .string({ error: required })
    .trim()
    .toLowerCase()
    .min(1, present)
    .max(32, "tooLong")
    .regex(/^[a-z0-9][a-z0-9-]*$/, "brokerCode"),
  accountKind: z.string({ error: required }).pipe(z.enum(ACCOUNT_KINDS, { error: required })),
  idCharset: z
    .string({ error: required })
    .transform((v) => (v === "" ? null : v))
    .pipe(z.enum(ID_CHARSETS, { error: required }).nullable()),
  idMinLength: optionalInt(1, MAX_ACCOUNT_ID_LENGTH, "idLength"),
  idMaxLength: optionalInt(1, MAX_ACCOUNT_ID_LENGTH, "idLength"),
  signupUrl: z
    .string({ error: required })
    .trim()
    .min(1, present)
    .max(500, "tooLong")
    .refine((v) => {
      try {
        return new URL(v).protocol === "https:";
      } catch {
        return false;
      }
    }, "httpsUrl"),
  autoRebate: checkbox,
  active: checkbox,
  displayOrder,
});

/** A customer id / UID broker has its own pattern; an MT4/MT5 broker's account is 5 or 6 letters or digits. */
export function patternComplete(v: z.output<typeof brokerFields>, ctx: z.RefinementCtx) {
  if (v.accountKind === "mt_number") return;
  if (!v.idCharset) ctx.addIssue({ code: "custom", path: ["idCharset"], message: required });
  if (v.idMinLength === null)
    ctx.addIssue({ code: "custom", path: ["idMinLength"], message: required });
  if (v.idMaxLength === null)
    ctx.addIssue({ code: "custom", path: ["idMaxLength"], message: required });
  if (v.idMinLength !== null && v.idMaxLength !== null && v.idMaxLength < v.idMinLength) {
    ctx.addIssue({ code: "custom", path: ["idMaxLength"], message: "idLengthOrder" });
  }
}

export const brokerInput = brokerFields.superRefine(patternComplete);
export type BrokerValues = z.output<typeof brokerInput>;

/**
 * Rates, conditions and crediting schedule, saved with the broker. Left out of
 * an update, they stay as they are.
 */
export const brokerTermsInput = z
  .object(brokerTermsFields)
  .superRefine(scheduleComplete, alwaysCheck);

/** The admin's broker form: the broker and its terms, as the create and update procedures take them. */
export const brokerFormInput = brokerFields
  .extend({ terms: brokerTermsInput })
  .superRefine(patternComplete);
