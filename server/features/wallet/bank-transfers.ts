import type { Kysely } from "kysely";
import { z } from "zod";
import type { Db } from "../../../db";
import type { Database } from "../../../db/schema";
import { nowDb } from "../../../db/time";
import { recordAudit } from "../../audit";
import { AppError } from "../../errors";
import { readSetting, writeSetting } from "../settings/store";
import { tokyoDay } from "../../domain/tokyo";
import { kanaNames } from "../profile/banks";
import { memberMatches } from "../../lib/paging";
import { periodInput, periodRange } from "../../lib/period";
import { addBusinessDays, isBusinessDay } from "../../lib/business-days";
import { type Payment, type Requester, requesterInput, zenginFile } from "./zengin";

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
  await db.kysely.transaction().execute(async (trx) => {
    const before = await getRequester(trx);
    await writeSetting(db, trx, {
      key: KEY,
      value,
      adminId,
      action: "settings.zengin",
      before,
      after: input,
    });
  });
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
  const rows = await db.kysely
    .selectFrom("withdrawals")
    .innerJoin("users", "users.id", "withdrawals.user_id")
    .select(["withdrawals.id", "withdrawals.amount", "withdrawals.payout", "users.nickname"])
    .where("withdrawals.status", "=", "pending")
    .where("withdrawals.method", "=", "bank")
    .$if(start !== null, (q) => q.where("withdrawals.created_at", ">=", start!))
    .$if(end !== null, (q) => q.where("withdrawals.created_at", "<", end!))
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
 * What a file for this filter would hold: its rows, total and transfer day, and every row that
 * cannot be written (named by withdrawal and member), or that the requester data is missing.
 */
export async function zenginPreview(db: Db, filter: ZenginFilter, now = new Date()) {
  const requester = await getRequester(db.kysely);
  const rows = await pendingBankWithdrawals(db, filter);
  const day = transferDay(tokyoDay(now), requester?.leadBusinessDays ?? 1);
  const result = requester
    ? zenginFile(
        requester,
        day,
        rows.map((r) => r.payment),
      )
    : null;
  const nicknames = new Map(rows.map((r) => [r.payment.id, r.nickname]));
  return {
    configured: requester !== null,
    transferDay: day,
    ids: rows.map((r) => r.payment.id),
    total: rows.reduce((sum, r) => sum + r.payment.amount, 0),
    problems:
      result && !result.ok
        ? result.problems.map((p) => ({ ...p, nickname: nicknames.get(p.id) ?? null }))
        : [],
  };
}

/** The file's bytes and name; refused (with the rows) when any row cannot be written. */
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
    count: rows.length,
    total: file.total,
  };
}

/**
 * Marks the listed withdrawals as sent to the bank, each on its own: one that is no longer a
 * pending bank withdrawal (cancelled meanwhile, decided by another admin) is reported, not
 * marked — the admin must take it out of the bank's upload.
 */
export async function markWithdrawalsSent(db: Db, adminId: string, ids: string[]) {
  const results: { id: string; ok: boolean; key?: string }[] = [];
  for (const id of [...new Set(ids)]) {
    const marked = await db.kysely.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable("withdrawals")
        .set({ status: "sent", sent_at: nowDb(), decided_by: adminId })
        .where("id", "=", id)
        .where("status", "=", "pending")
        .where("method", "=", "bank")
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
