import type { ExpressionBuilder, Kysely } from "kysely";
import { z } from "zod";
import type { Db } from "#db";
import type { Database } from "#db/schema";
import { nowDb } from "#db/time";
import { recordAudit } from "../../audit";
import { AppError } from "../../errors";
import { readSetting, replaceSetting } from "../settings/store";
import { getMoneySettings } from "../settings/service";
import { tokyoDay } from "../../domain/tokyo";
import { kanaNames } from "../profile/banks";
import { memberMatches } from "../../lib/paging";
import { inRange, periodInput, periodRange } from "../../lib/period";
import { addBusinessDays, isBusinessDay } from "../../lib/business-days";
import {
  type Payment,
  type Requester,
  requesterInput,
  requesterProblems,
  writablePayments,
  zenginFile,
  zenginText,
} from "./zengin";
import { ZENGIN_HOLDER_MAX } from "../../domain/bank-text";

/**
 * Paying bank withdrawals with a Zengin transfer file: the company's requester data (settings),
 * the file for the pending bank withdrawals in the admin's filter (a download, no side effect),
 * and marking what the file held as sent to the bank. Completing them afterwards is the usual
 * completion (server/features/wallet/service.ts), which accepts a sent withdrawal.
 */

const KEY = "zengin";

export async function getRequester(db: Kysely<Database>): Promise<Requester | null> {
  const parsed = requesterInput.safeParse(await readSetting(db, KEY));
  return parsed.success ? parsed.data : null;
}

export async function saveRequester(db: Db, adminId: string, input: Requester): Promise<void> {
  const value = requesterInput.parse(input);
  await replaceSetting(db, {
    key: KEY,
    value,
    adminId,
    action: "settings.zengin",
    before: getRequester,
    after: input,
  });
}

/**
 * A withdrawal a bank file may pay: below the second-approval threshold, or approved by a second
 * admin. One awaiting its second approval is not pending, so never in a file.
 */
function fullyApproved(eb: ExpressionBuilder<Database, "withdrawals">, threshold: number) {
  return eb.or([
    eb("withdrawals.amount", "<", threshold),
    eb("withdrawals.approved_by", "is not", null),
  ]);
}

/** The transfer day: `lead` business days after today, or today itself (0) when banks are open. */
export function transferDay(today: string, lead: number): string {
  if (lead === 0) return isBusinessDay(today) ? today : addBusinessDays(today, 1);
  return addBusinessDays(today, lead);
}

/** The admin list's filter (member, period), narrowed to the rows the admin saw (`through`). */
export const zenginFilter = z
  .object({
    member: z.string().trim().max(254).catch("").default(""),
    /** The newest withdrawal id the admin's page listed; later requests wait for the next file. */
    through: z.string().max(64).optional(),
  })
  .and(periodInput.catch({ period: "all" }));

export type ZenginFilter = z.output<typeof zenginFilter>;

async function pendingBankWithdrawals(db: Db, filter: ZenginFilter) {
  const { start, end } = periodRange(filter);
  const threshold = (await getMoneySettings(db.kysely)).secondApprovalFrom;
  const rows = await db.kysely
    .selectFrom("withdrawals")
    .innerJoin("users", "users.id", "withdrawals.user_id")
    .select(["withdrawals.id", "withdrawals.amount", "withdrawals.payout", "users.nickname"])
    .where("withdrawals.status", "=", "pending")
    .where("withdrawals.method", "=", "bank")
    .where((eb) => fullyApproved(eb, threshold))
    .$call((q) => inRange(q, "withdrawals.created_at", { start, end }))
    .$if(filter.member !== "", (q) => q.where((eb) => eb.or(memberMatches(filter.member, true))))
    .$if(filter.through !== undefined, (q) => q.where("withdrawals.id", "<=", filter.through!))
    .orderBy("withdrawals.id", "asc")
    .execute();
  const payments = rows.map(async (r) => {
    const p = JSON.parse(r.payout) as Record<string, string | undefined>;
    const kana = await kanaNames(p.bankCode ?? "", p.branchNumber ?? "");
    const payment: Payment = {
      id: r.id,
      bankCode: p.bankCode ?? "",
      bankName: kana.bank ?? p.bankName ?? "",
      branchCode: p.branchNumber ?? "",
      branchName: kana.branch ?? p.branchName ?? "",
      accountType: p.accountType === "current" ? "current" : "savings",
      accountNumber: p.accountNumber ?? "",
      payeeName: p.holderName ?? "",
      amount: Number(r.amount),
    };
    return { payment, nickname: r.nickname };
  });
  return Promise.all(payments);
}

/**
 * What a file for this filter would hold: the withdrawals it pays (`ids`, the only ones "mark as
 * sent" may move), their total and the transfer day; the rows left out because a bank cannot
 * read them (named by withdrawal, member and field: they stay pending); and the requester
 * data's own problems, which stop the file. `through` is the newest row listed, left out or
 * not, so the download covers the same rows.
 */
export async function zenginPreview(db: Db, filter: ZenginFilter, now = new Date()) {
  const requester = await getRequester(db.kysely);
  const rows = await pendingBankWithdrawals(db, filter);
  const day = transferDay(tokyoDay(now), requester?.leadBusinessDays ?? 1);
  const { paid, skipped } = writablePayments(rows.map((r) => r.payment));
  const nicknames = new Map(rows.map((r) => [r.payment.id, r.nickname]));
  return {
    configured: requester !== null,
    transferDay: day,
    ids: paid.map((p) => p.payment.id),
    through: rows.at(-1)?.payment.id ?? null,
    total: paid.reduce((sum, p) => sum + p.payment.amount, 0),
    problems: requester ? requesterProblems(requester) : [],
    skipped: skipped.map((p) => ({ ...p, nickname: nicknames.get(p.id) ?? null })),
  };
}

/**
 * The file's bytes and name, for the rows a bank can read; refused only when the requester
 * data cannot be written or no row can.
 */
export async function zenginDownload(db: Db, filter: ZenginFilter, now = new Date()) {
  const requester = await getRequester(db.kysely);
  if (!requester) throw new AppError("BAD_REQUEST", "zenginNotConfigured");
  const rows = await pendingBankWithdrawals(db, filter);
  if (rows.length === 0) throw new AppError("BAD_REQUEST", "zenginEmpty");
  const day = transferDay(tokyoDay(now), requester.leadBusinessDays);
  const file = zenginFile(
    requester,
    day,
    rows.map((r) => r.payment),
  );
  if (!file.ok) throw new AppError("BAD_REQUEST", "zenginUnconvertible");
  return {
    bytes: file.bytes,
    filename: `zengin-${day.replaceAll("-", "")}.txt`,
    count: file.ids.length,
    total: file.total,
  };
}

/**
 * Members whose saved account holder a Zengin file cannot carry whole (saved before the profile
 * checked names against the file's alphabet and its 30-character field): a name with characters
 * the file has no form for leaves their bank withdrawals out of the file, a longer one is cut
 * in it, which the bank may not match. Admins see them ahead of time and can ask for a
 * correction. Read in pages of ids; only rows with a holder are looked at.
 */
export async function unconvertibleHolders(db: Db) {
  const found: {
    userId: string;
    nickname: string;
    email: string;
    accountHolder: string;
    /** alphabet: characters the file cannot carry; length: longer than the field once converted. */
    problem: "alphabet" | "length";
  }[] = [];
  let after = "";
  for (;;) {
    const rows = await db.kysely
      .selectFrom("payment_details")
      .innerJoin("users", "users.id", "payment_details.user_id")
      .select([
        "payment_details.user_id",
        "payment_details.account_holder",
        "users.nickname",
        "users.email",
      ])
      .where("payment_details.account_holder", "is not", null)
      .where("payment_details.user_id", ">", after)
      .orderBy("payment_details.user_id")
      .limit(1000)
      .execute();
    for (const r of rows) {
      const problem = r.account_holder ? holderProblem(r.account_holder) : null;
      if (r.account_holder && problem) {
        found.push({
          userId: r.user_id,
          nickname: r.nickname,
          email: r.email,
          accountHolder: r.account_holder,
          problem,
        });
      }
    }
    if (rows.length < 1000) return found;
    after = rows.at(-1)!.user_id;
  }
}

/** What keeps a saved holder name from going whole into the file, or null when nothing does. */
function holderProblem(holder: string): "alphabet" | "length" | null {
  const converted = zenginText(holder);
  if (converted === null) return "alphabet";
  return converted.length > ZENGIN_HOLDER_MAX ? "length" : null;
}

/**
 * Marks the listed withdrawals as sent to the bank, each on its own: one that is no longer a
 * pending bank withdrawal (cancelled meanwhile, decided by another admin) is reported, not
 * marked — the admin must take it out of the bank's upload.
 */
export async function markWithdrawalsSent(db: Db, adminId: string, ids: string[]) {
  const results: { id: string; ok: boolean; key?: string }[] = [];
  const threshold = (await getMoneySettings(db.kysely)).secondApprovalFrom;
  for (const id of [...new Set(ids)]) {
    const marked = await db.kysely.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable("withdrawals")
        .set({ status: "sent", sent_at: nowDb(), decided_by: adminId })
        .where("id", "=", id)
        .where("status", "=", "pending")
        .where("method", "=", "bank")
        .where((eb) => fullyApproved(eb, threshold))
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      await recordAudit(trx, {
        actorId: adminId,
        action: "withdrawal.send",
        targetType: "withdrawal",
        targetId: id,
      });
      return true;
    });
    results.push(marked ? { id, ok: true } : { id, ok: false, key: "notPending" });
  }
  return results;
}
