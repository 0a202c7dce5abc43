import { z } from "zod";
import { pagingSchema } from "../../lib/paging";
import { periodInput } from "../../lib/period";

/** Minimum withdrawal per method, in yen (spec §9). */
export const WITHDRAWAL_MINIMUMS = {
  bank: 1_000,
  bitwallet: 1_000,
  usdt: 5_000,
  peska: 5_000,
  exness: 500,
  paypay: 500,
} as const;

export const WITHDRAWAL_METHODS = [
  "bank",
  "bitwallet",
  "usdt",
  "exness",
  "paypay",
  "peska",
] as const;
export type Method = (typeof WITHDRAWAL_METHODS)[number];

const required = { error: "required", abort: true } as const;
const text = (max: number) =>
  z.string({ error: "required" }).trim().min(1, required).max(max, "tooLong");
const email = text(254).toLowerCase().pipe(z.email("emailInvalid"));

/** The payee fields' rules, the same as the profile's payment details (spec §5). */
export const payeeFields = {
  bankName: text(50),
  bankCode: text(4).regex(/^\d{4}$/, "bankCode"),
  branchName: text(50),
  branchNumber: text(3).regex(/^\d{3}$/, "branchNumber"),
  accountType: z.enum(["savings", "current"], { error: "required" }),
  accountNumber: text(7).regex(/^\d{7}$/, "accountNumber"),
  // Full-width katakana, the prolonged sound mark and spaces.
  holderName: text(60).regex(/^[ァ-ヶー\u3000 ]+$/, "holderKana"),
  email,
  paypayId: text(15).regex(/^[a-z][a-z0-9_]{2,14}$/, "paypayId"),
};

export function usdtAddress(network: "TRC20" | "ERC20") {
  return text(64).regex(
    network === "TRC20" ? /^T[1-9A-HJ-NP-Za-km-z]{33}$/ : /^0x[0-9a-fA-F]{40}$/,
    "usdtAddress",
  );
}

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

const BANK_FIELDS = [
  "bankName",
  "bankCode",
  "branchName",
  "branchNumber",
  "accountType",
  "accountNumber",
  "holderName",
] as const;

/**
 * A bank payee: any field left empty gets "is required" and the payee as a whole the spec's
 * "please enter all bank information".
 */
const bank = z
  .object({
    method: z.literal("bank"),
    bankName: z.string().trim().default(""),
    bankCode: z.string().trim().default(""),
    branchName: z.string().trim().default(""),
    branchNumber: z.string().trim().default(""),
    accountType: z.string().trim().default(""),
    accountNumber: z.string().trim().default(""),
    holderName: z.string().trim().default(""),
  })
  .superRefine((v, ctx) => {
    const missing = BANK_FIELDS.filter((f) => v[f] === "");
    if (missing.length) {
      ctx.addIssue({ code: "custom", path: [], message: "bankInfoIncomplete" });
      for (const f of missing) ctx.addIssue({ code: "custom", path: [f], message: "required" });
    }
  })
  .pipe(
    z.object({
      method: z.literal("bank"),
      bankName: payeeFields.bankName,
      bankCode: payeeFields.bankCode,
      branchName: payeeFields.branchName,
      branchNumber: payeeFields.branchNumber,
      accountType: payeeFields.accountType,
      accountNumber: payeeFields.accountNumber,
      holderName: payeeFields.holderName,
    }),
  );
const emailPayee = <M extends "bitwallet" | "exness" | "peska">(method: M) =>
  z.object({ method: z.literal(method), email: payeeFields.email });
const usdt = z.object({
  method: z.literal("usdt"),
  // Validated against the configured network in the service (the network is a setting).
  address: text(64),
  confirmed: z.literal(true, { error: "confirmRequired" }),
});
const paypay = z.object({ method: z.literal("paypay"), paypayId: payeeFields.paypayId });

export const payeeSchema = z.discriminatedUnion(
  "method",
  [bank, emailPayee("bitwallet"), emailPayee("exness"), emailPayee("peska"), usdt, paypay],
  { error: "required" },
);
export type Payee = z.output<typeof payeeSchema>;

export const withdrawalInput = z.object({
  amount,
  requestKey,
  payee: payeeSchema,
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
