import Encoding from "encoding-japanese";

/**
 * The Zengin (全銀協) 総合振込 file Japanese banks' bulk-transfer services take: Shift_JIS,
 * 120-byte fixed-width records each ended by CRLF — a header (1), one data record per payment
 * (2), a trailer with the count and total (8), an end record (9). Numeric fields are right
 * aligned with zeros; text fields left aligned with spaces, in the characters banks accept
 * (half-width katakana, upper-case A–Z, digits, space and a few signs).
 */

export const RECORD_BYTES = 120;

/** A bank account as the file names it: the requester's, or a payee's. */
interface BankAccount {
  bankCode: string;
  bankName: string;
  branchCode: string;
  branchName: string;
  accountType: "savings" | "current";
  accountNumber: string;
}

/** Who asks the bank to pay: the company's contract with its bank (settings, key "zengin"). */
export interface Requester extends BankAccount {
  /** 委託者コード: the 10-digit code the bank gave the company. */
  requesterCode: string;
  /** 振込依頼人名: the company's name in half-width kana (the file's header). */
  requesterName: string;
  /** Business days from the export to the transfer day (0: today when it is a business day). */
  leadBusinessDays: number;
}

export interface Payment extends BankAccount {
  /** Names the row in a refusal (the withdrawal's id). */
  id: string;
  payeeName: string;
  amount: number;
}

export type ZenginField =
  | "requesterName"
  | "bankCode"
  | "bankName"
  | "branchCode"
  | "branchName"
  | "accountNumber"
  | "payeeName"
  | "amount";

export interface ZenginProblem {
  id: string;
  field: ZenginField;
  value: string;
}

export { zenginText } from "../../domain/bank-text";
export { requesterInput } from "../../domain/zengin";
import { ZENGIN_HOLDER_MAX, zenginText } from "../../domain/bank-text";

const digits = (value: string, width: number) =>
  /^\d+$/.test(value) && value.length <= width ? value.padStart(width, "0") : null;

const number = (value: number, width: number) => String(value).padStart(width, "0");

/** Left aligned, cut to the field (banks match names on what fits), padded with spaces. */
const text = (value: string, width: number) => value.slice(0, width).padEnd(width, " ");

const accountTypeCode = (type: "savings" | "current") => (type === "current" ? "2" : "1");

/** "MMDD" of a "YYYY-MM-DD" day. */
const monthDay = (day: string) => day.slice(5, 7) + day.slice(8, 10);

/** The requester's fields, checked as a payment's are; a refusal names the setting. */
export function requesterProblems(requester: Requester): ZenginProblem[] {
  const problems: ZenginProblem[] = [];
  const check = (field: ZenginField, value: string | null, raw: string) => {
    if (value === null) problems.push({ id: "settings", field, value: raw });
  };
  check("requesterName", zenginText(requester.requesterName), requester.requesterName);
  check("bankCode", digits(requester.bankCode, 4), requester.bankCode);
  check("bankName", zenginText(requester.bankName), requester.bankName);
  check("branchCode", digits(requester.branchCode, 3), requester.branchCode);
  check("branchName", zenginText(requester.branchName), requester.branchName);
  check("accountNumber", digits(requester.accountNumber, 7), requester.accountNumber);
  return problems;
}

function headerRecord(requester: Requester, transferDay: string): string {
  return [
    "1",
    "21", // 総合振込
    "0", // JIS (Shift_JIS) character set
    digits(requester.requesterCode, 10) ?? "0".repeat(10),
    text(zenginText(requester.requesterName) ?? "", 40),
    monthDay(transferDay),
    digits(requester.bankCode, 4) ?? "0000",
    text(zenginText(requester.bankName) ?? "", 15),
    digits(requester.branchCode, 3) ?? "000",
    text(zenginText(requester.branchName) ?? "", 15),
    accountTypeCode(requester.accountType),
    digits(requester.accountNumber, 7) ?? "0000000",
    text("", 17),
  ].join("");
}

/** One data record, or the fields that cannot be written. */
function dataRecord(payment: Payment): { record: string } | { problems: ZenginProblem[] } {
  const fields = {
    bankCode: digits(payment.bankCode, 4),
    branchCode: digits(payment.branchCode, 3),
    accountNumber: digits(payment.accountNumber, 7),
    payeeName: zenginText(payment.payeeName),
    amount:
      Number.isInteger(payment.amount) && payment.amount > 0 && payment.amount < 1e10
        ? number(payment.amount, 10)
        : null,
  };
  const problems = (Object.keys(fields) as (keyof typeof fields)[])
    .filter((field) => fields[field] === null || (field === "payeeName" && fields[field] === ""))
    .map((field) => ({ id: payment.id, field, value: String(payment[field]) }));
  if (problems.length > 0) return { problems };
  return {
    record: [
      "2",
      fields.bankCode,
      // The names are optional for banks (the codes decide): blank when they have no kana form.
      text(zenginText(payment.bankName) ?? "", 15),
      fields.branchCode,
      text(zenginText(payment.branchName) ?? "", 15),
      "0000", // 手形交換所番号: not used
      accountTypeCode(payment.accountType),
      fields.accountNumber,
      text(fields.payeeName!, ZENGIN_HOLDER_MAX),
      fields.amount,
      "0", // 新規コード: other
      "0".repeat(10), // 顧客コード1
      "0".repeat(10), // 顧客コード2
      "7", // 振込指定区分: telegraphic
      " ", // 識別表示
      text("", 7),
    ].join(""),
  };
}

/** The payments a bank can read, each with its record, and every field of the others that cannot be written. */
export function writablePayments(payments: Payment[]): {
  paid: { payment: Payment; record: string }[];
  skipped: ZenginProblem[];
} {
  const paid: { payment: Payment; record: string }[] = [];
  const skipped: ZenginProblem[] = [];
  for (const payment of payments) {
    const result = dataRecord(payment);
    if ("problems" in result) skipped.push(...result.problems);
    else paid.push({ payment, record: result.record });
  }
  return { paid, skipped };
}

/**
 * The file for the `payments` a bank can read, to be paid on `transferDay`, with every row left
 * out and why (`skipped`): one unreadable row must not hold back everyone else's payout, and
 * the rows left out are named so they stay pending and visible. No file at all when the
 * requester data cannot be written or no row can.
 */
export function zenginFile(
  requester: Requester,
  transferDay: string,
  payments: Payment[],
):
  | {
      ok: true;
      bytes: Uint8Array<ArrayBuffer>;
      total: number;
      /** The withdrawals the file pays, in file order. */
      ids: string[];
      skipped: ZenginProblem[];
    }
  | { ok: false; problems: ZenginProblem[] } {
  const settings = requesterProblems(requester);
  if (settings.length > 0) return { ok: false, problems: settings };
  const { paid, skipped } = writablePayments(payments);
  if (paid.length === 0) return { ok: false, problems: skipped };
  const records = [headerRecord(requester, transferDay)];
  for (const { record } of paid) records.push(record);
  const total = paid.reduce((sum, p) => sum + p.payment.amount, 0);
  records.push(["8", number(paid.length, 6), number(total, 12), text("", 101)].join(""));
  records.push(["9", text("", 119)].join(""));
  const content = records.map((r) => r + "\r\n").join("");
  const bytes = Uint8Array.from(
    Encoding.convert(Encoding.stringToCode(content), { to: "SJIS", from: "UNICODE" }),
  );
  // Every character is one Shift_JIS byte, so each record is exactly 120 bytes.
  if (bytes.length !== records.length * (RECORD_BYTES + 2))
    throw new Error("zengin: a record is not 120 bytes");
  return { ok: true, bytes, total, ids: paid.map((p) => p.payment.id), skipped };
}
