import { displayOrder, englishText } from "../../lib/form-fields";
import { alwaysCheck, brokerTermsFields, scheduleComplete } from "../../domain/broker-terms";
import { z } from "zod";
import { brokerAccountType, MAX_ACCOUNT_ID_LENGTH } from "../../domain/broker-account";
import { present, recordId, required } from "../../lib/input";
import type { AccountKind, IdCharset } from "../../../db/schema";
import { filterChoice, filterDate, filterText, pagingSchema } from "../../lib/paging";

/**
 * Brokers (admin-managed) and the cashback accounts members register at them. Messages are
 * i18n keys: under `errors:field` for field rules, top-level `errors:` for the rest.
 */

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
export const ACCOUNT_STATUSES = ["pending", "approved", "denied"] as const;

const idSchema = recordId;

// ------------------------------------------------------------------------------- brokers

/** A whole number from a form field; "" is null. */
function optionalInt(min: number, max: number, message: string) {
  return z
    .string({ error: required })
    .trim()
    .transform((v) => (v === "" ? null : Number(v)))
    .pipe(z.number({ error: message }).int(message).min(min, message).max(max, message).nullable());
}

const brokerFields = z.object({
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
  autoRebate: z.boolean(),
  active: z.boolean(),
  displayOrder,
});

/** A customer id / UID broker has its own pattern; an MT4/MT5 broker's account is 5 or 6 letters or digits. */
function patternComplete(v: z.output<typeof brokerFields>, ctx: z.RefinementCtx) {
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

const upload = z.instanceof(Uint8Array).optional();

/** Images ride along with the fields (one flat form); `remove*` drops the current one. */
const brokerImages = {
  logo: upload,
  banner: upload,
  removeLogo: z.boolean().optional(),
  removeBanner: z.boolean().optional(),
};

/**
 * Rates, conditions and crediting schedule (decision 019), saved with the broker. Left out of
 * an update, they stay as they are.
 */
export const brokerTermsInput = z
  .object(brokerTermsFields)
  .superRefine(scheduleComplete, alwaysCheck);
const withTerms = { terms: brokerTermsInput.optional() };

export const createBrokerInput = brokerFields
  .extend({ ...brokerImages, ...withTerms })
  .superRefine(patternComplete);
export const updateBrokerInput = brokerFields
  .extend({ id: idSchema, ...brokerImages, ...withTerms })
  .superRefine(patternComplete);
export const brokerIdInput = z.object({ id: idSchema });
export const brokerArtInput = z.object({ file: z.string().max(64) });

// ------------------------------------------------------------------------------- accounts

/** An admin sets or clears an account's type (blank clears it). */
export const setAccountTypeInput = z.object({ id: recordId, accountType: brokerAccountType });

export interface AccountRule {
  kind: AccountKind;
  charset: IdCharset | null;
  min: number | null;
  max: number | null;
}

const CHARSET_PATTERN: Record<IdCharset, string> = {
  digits: "0-9",
  alnum: "A-Z0-9",
  alnum_dash: "A-Z0-9-",
};

/** The i18n key (under errors:) and params describing a broker's id rule. */
export function accountRuleMessage(rule: AccountRule): {
  key: string;
  params: Record<string, string | number>;
} {
  if (rule.kind === "mt_number" || !rule.charset || rule.min === null || rule.max === null) {
    return { key: "accountId.mt", params: {} };
  }
  const charset = { digits: "digits", alnum: "alnum", alnum_dash: "alnumDash" }[rule.charset];
  return {
    key: `accountId.${charset}${rule.min === rule.max ? "Exact" : ""}`,
    params: { kind: rule.kind, min: rule.min, max: rule.max },
  };
}

/**
 * Whether a normalised id fits the broker: an MT4/MT5 number is 5 or 6 letters or digits; a
 * customer id or UID follows the broker's own characters and length.
 */
export function accountIdFits(rule: AccountRule, id: string): boolean {
  if (rule.kind === "mt_number" || !rule.charset || rule.min === null || rule.max === null) {
    return /^[A-Z0-9]{5,6}$/.test(id);
  }
  const pattern = new RegExp(`^[${CHARSET_PATTERN[rule.charset]}]{${rule.min},${rule.max}}$`);
  return pattern.test(id);
}

export const myAccountsInput = pagingSchema(["createdAt", "broker", "status", "decidedAt"], {
  sort: "createdAt",
  dir: "desc",
});

export const adminAccountsInput = pagingSchema(
  ["createdAt", "decidedAt", "status", "broker", "accountNumber", "member"],
  { sort: "createdAt", dir: "desc" },
).extend({
  status: filterChoice(ACCOUNT_STATUSES),
  broker: filterText(26),
  /** Email, nickname, name or uid of the member (part of it). */
  member: filterText(100),
  /** Registration date range, Tokyo calendar days, both ends included. */
  from: filterDate(),
  to: filterDate(),
});

export const decideAccountsInput = z
  .object({
    ids: z
      .array(idSchema, { error: "selectAccounts" })
      .min(1, "selectAccounts")
      .max(100, "tooMany"),
    decision: z.enum(["approve", "deny"], { error: required }),
    reason: z.string().trim().max(500, "tooLong").optional(),
    /** The reason in English (optional): members reading English get it, others the Japanese. */
    reasonEn: englishText(500),
  })
  .superRefine((v, ctx) => {
    if (v.decision === "deny" && !v.reason) {
      ctx.addIssue({ code: "custom", path: ["reason"], message: required });
    }
  });
