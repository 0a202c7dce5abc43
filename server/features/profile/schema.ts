import { createHash } from "node:crypto";
import { z } from "zod";
import { ZENGIN_HOLDER_MAX, zenginText } from "../../domain/bank-text";
import { required } from "../../lib/input";
import { emailSchema } from "../auth/schema";
import { optionalText } from "../../domain/profile";

export { setLanguageInput } from "../../domain/language-choice";

/**
 * The profile and payment details forms. Messages are i18n keys under `errors:field` (shown
 * with the field's label), so the form and the procedure share one schema and both languages.
 */

// ------------------------------------------------------------------------- payment details

export type { UsdtNetwork } from "#db/schema";
import type { UsdtNetwork } from "#db/schema";

const BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

function base58Decode(text: string): Uint8Array | null {
  let value = 0n;
  for (const char of text) {
    const digit = BASE58.indexOf(char);
    if (digit < 0) return null;
    value = value * 58n + BigInt(digit);
  }
  const bytes: number[] = [];
  while (value > 0n) {
    bytes.unshift(Number(value % 256n));
    value /= 256n;
  }
  for (const char of text) {
    if (char !== "1") break;
    bytes.unshift(0);
  }
  return Uint8Array.from(bytes);
}

function sha256(bytes: Uint8Array): Uint8Array {
  return createHash("sha256").update(bytes).digest();
}

/**
 * A TRON (TRC20) address: "T" and 33 more base58 characters, which decode to 0x41, the
 * 20-byte account and a 4-byte checksum (double SHA-256). The checksum catches a mistyped or
 * truncated address before money is sent to it.
 */
export function isTronAddress(address: string): boolean {
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address)) return false;
  const bytes = base58Decode(address);
  if (!bytes || bytes.length !== 25 || bytes[0] !== 0x41) return false;
  const check = sha256(sha256(bytes.subarray(0, 21)));
  return check.subarray(0, 4).every((b, i) => b === bytes[21 + i]);
}

/** An Ethereum (ERC20) address: "0x" and 40 hexadecimal digits. */
export function isEthereumAddress(address: string): boolean {
  return /^0x[0-9a-fA-F]{40}$/.test(address);
}

/**
 * Why an address is not a USDT address on `network`, as an error key, or null when it is.
 * A TRC20-shaped address whose checksum fails gets its own message: it was mistyped.
 */
export function usdtAddressProblem(address: string, network: UsdtNetwork | null): string | null {
  const tron = isTronAddress(address);
  const eth = isEthereumAddress(address);
  if (network === null) {
    if (tron || eth) return null;
    return /^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address) ? "usdtChecksum" : "usdtInvalid";
  }
  if (network === "TRC20") {
    if (tron) return null;
    return /^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address) ? "usdtChecksum" : "usdtTrc20";
  }
  return eth ? null : "usdtErc20";
}

/** Full-width katakana, the prolonged sound mark ー, and spaces between words. */
const KATAKANA_NAME = /^[\u30A1-\u30FA\u30FC]+(?:[ \u3000][\u30A1-\u30FA\u30FC]+)*$/;

/**
 * Bank numbers as people type them from a passbook or a phone keyboard: full-width digits
 * made half-width (NFKC), hyphens and spaces dropped. What is left must still be the digits.
 */
function bankDigits(value: string): string {
  return value.normalize("NFKC").replace(/[\s\-\u2010-\u2015\u2212\u30FC]/g, "");
}

/**
 * An account name in the full-width katakana banks register: half-width katakana (as printed
 * in passbooks) made full-width with their sound marks joined (NFKC), hiragana made katakana,
 * and the space between words made one.
 */
function bankKana(value: string): string {
  return value
    .normalize("NFKC")
    .replace(/[\u3041-\u3096]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0x60))
    .replace(/\s+/g, " ")
    .trim();
}

const paymentEmail = emailSchema;

export { BANK_FIELDS, PAYMENT_FIELDS, type PaymentField } from "../../domain/withdrawal";
import { BANK_FIELDS } from "../../domain/withdrawal";

/**
 * The payment details, each optional. Bank details go together: once one bank field is filled
 * in, the others are required, so a payout never leaves with half an account. The USDT address
 * is checked against `network`, the admin's setting (null: either network's form passes).
 */
export function paymentDetailsSchema(network: UsdtNetwork | null) {
  return z
    .object({
      bankName: optionalText(z.string().max(60, "tooLong")),
      bankCode: optionalText(
        z
          .string()
          .transform(bankDigits)
          .pipe(z.string().regex(/^\d{4}$/, "digits4")),
      ),
      branchName: optionalText(z.string().max(60, "tooLong")),
      branchNumber: optionalText(
        z
          .string()
          .transform(bankDigits)
          .pipe(z.string().regex(/^\d{3}$/, "digits3")),
      ),
      accountType: optionalText(z.enum(["savings", "current"], { error: "accountType" })),
      bankAccountNumber: optionalText(
        z
          .string()
          .transform(bankDigits)
          .pipe(z.string().regex(/^\d{7}$/, "digits7")),
      ),
      accountHolder: optionalText(
        z
          .string()
          .max(100, "tooLong")
          .transform(bankKana)
          .pipe(
            z
              .string()
              .regex(KATAKANA_NAME, "katakana")
              // The bank file's own alphabet (ヰ ヱ ヸ ヹ have no half-width form): a name saved
              // here is always one the Zengin file can write.
              .refine((name) => zenginText(name) !== null, "bankKana")
              // …and one that fits its field whole: a name cut short may not match the account.
              .refine(
                (name) => (zenginText(name) ?? "").length <= ZENGIN_HOLDER_MAX,
                "holderTooLong",
              ),
          ),
      ),
      usdtAddress: optionalText(
        z
          .string()
          .max(
            64,
            network === "ERC20" ? "usdtErc20" : network === "TRC20" ? "usdtTrc20" : "usdtInvalid",
          )
          .superRefine((address, ctx) => {
            const problem = usdtAddressProblem(address, network);
            if (problem) ctx.addIssue({ code: "custom", message: problem });
          }),
      ),
      exnessEmail: optionalText(paymentEmail),
      peskaEmail: optionalText(paymentEmail),
      bitwalletEmail: optionalText(paymentEmail),
      paypayId: optionalText(z.string().regex(/^[a-z][a-z0-9_]{2,14}$/, "paypayId")),
    })
    .superRefine((value, ctx) => {
      if (BANK_FIELDS.every((f) => value[f] === null)) return;
      for (const field of BANK_FIELDS) {
        if (value[field] === null)
          ctx.addIssue({ code: "custom", path: [field], message: required });
      }
    });
}

export type PaymentDetails = z.output<ReturnType<typeof paymentDetailsSchema>>;

/** The payout form's bank picker: what the member has typed so far. */
export const bankSearchInput = z.object({ q: z.string().trim().max(40).catch("") });

/** The branch picker: the chosen bank (digits, as typed) and the query. */
export const branchSearchInput = bankSearchInput.extend({
  bankCode: z
    .string()
    .transform(bankDigits)
    .pipe(z.string().regex(/^\d{4}$/, "digits4")),
});
