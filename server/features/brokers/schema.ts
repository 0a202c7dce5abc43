import { brokerFields, brokerTermsInput, patternComplete } from "../../domain/broker";
import { z } from "zod";
import { decideAccountsInput, setAccountTypeInput } from "../../domain/broker-account";
import { recordId } from "../../lib/input";
import type { AccountKind, IdCharset } from "#db/schema";
import { filterChoice, filterDate, filterText, pagingSchema } from "../../lib/paging";

/**
 * Brokers (admin-managed) and the cashback accounts members register at them. Messages are
 * i18n keys: under `errors:field` for field rules, top-level `errors:` for the rest.
 */

export * from "../../domain/broker";
export { decideAccountsInput, setAccountTypeInput };
export const ACCOUNT_STATUSES = ["pending", "approved", "denied"] as const;

const idSchema = recordId;

// ------------------------------------------------------------------------------- brokers

const upload = z.instanceof(Uint8Array).optional();

/** Images ride along with the fields (one flat form); `remove*` drops the current one. */
const brokerImages = {
  logo: upload,
  banner: upload,
  removeLogo: z.boolean().optional(),
  removeBanner: z.boolean().optional(),
};

const withTerms = { terms: brokerTermsInput.optional() };

export const createBrokerInput = brokerFields
  .extend({ ...brokerImages, ...withTerms })
  .superRefine(patternComplete);
export const updateBrokerInput = brokerFields
  .extend({ id: idSchema, ...brokerImages, ...withTerms })
  .superRefine(patternComplete);
export const brokerIdInput = z.object({ id: idSchema });

// ------------------------------------------------------------------------------- accounts

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

// ---------------------------------------------------------------------- adjustment batches

/** A Tokyo day (YYYY-MM-DD) credited rows are re-priced from. */
const ratesFromDay = z.iso.date({ error: "rateDate" });

export const rateImpactInput = z.object({ brokerId: idSchema, from: ratesFromDay });
export const adjustmentIdInput = z.object({ id: idSchema });
export const brokerAdjustmentsInput = z.object({ brokerId: idSchema });
export { decideDebitInput } from "../../domain/rate-adjustment";
