import type { Kysely } from "kysely";
import type { Db } from "#db";
import { newId } from "#db/id";
import type { Database } from "#db/schema";
import { nowDb } from "#db/time";
import { recordAudit } from "../../audit";
import type { Rate } from "../../domain/broker-terms";
import { inTransaction } from "../../ledger";
import { claimSecondDecision } from "../../lib/second-decision";
import { saveRateVersion } from "./terms";

/**
 * Maker-checker for rate cards: a change of a broker's rates prices every row imported from its
 * day on, so one admin's save only records it as awaiting a second approval; nothing is in force
 * until a different admin with the same permission approves it (then it is written as the card's
 * version of its day) or sends it back with a reason (never in force). Each step is one
 * conditional UPDATE with `first_approved_by <> me`, so two decisions at once resolve to one and
 * one person is never both: checked in the database, not only on the page.
 */

/**
 * Records a rate change as its maker's first approval, in the caller's transaction. An earlier
 * change of the same broker and day still waiting is withdrawn: the newer one replaces it, so
 * approving the older one later cannot overwrite it.
 */
export async function proposeRateChange(
  trx: Kysely<Database>,
  adminId: string,
  brokerId: string,
  from: string,
  change: { before: string[]; after: string[] },
  rates: readonly Rate[],
): Promise<{ id: string }> {
  const now = nowDb();
  await trx
    .updateTable("broker_rate_changes")
    .set({ status: "returned", updated_at: now })
    .where("broker_id", "=", brokerId)
    .where("effective_from", "=", from)
    .where("status", "=", "checking")
    .execute();
  const id = newId();
  await trx
    .insertInto("broker_rate_changes")
    .values({
      id,
      broker_id: brokerId,
      effective_from: from,
      rates: JSON.stringify(rates),
      status: "checking",
      first_approved_by: adminId,
      first_approved_at: now,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await recordAudit(trx, {
    actorId: adminId,
    action: "rate_change.firstApprove",
    targetType: "rate_change",
    targetId: id,
    data: { brokerId, ratesFrom: from, before: change.before, after: change.after },
  });
  return { id };
}

/** The second approval: by anyone but the maker, once; the rates are in force from then on. */
export function approveRateChange(deps: { db: Db }, adminId: string, id: string) {
  return inTransaction(deps.db, async (trx) => {
    const now = nowDb();
    const row = await claimSecondDecision(trx, {
      table: "broker_rate_changes",
      id,
      adminId,
      set: { status: "approved", approved_by: adminId, approved_at: now, updated_at: now },
      columns: ["broker_id", "effective_from", "rates"],
    });
    const rates = JSON.parse(row.rates) as Rate[];
    // The version names its maker: the admin who scheduled it.
    await saveRateVersion(trx, row.broker_id, rates, row.effective_from, row.first_approved_by);
    await recordAudit(trx, {
      actorId: adminId,
      action: "rate_change.secondApprove",
      targetType: "rate_change",
      targetId: id,
      data: {
        brokerId: row.broker_id,
        ratesFrom: row.effective_from,
        firstApprovedBy: row.first_approved_by,
      },
    });
    return { id, status: "approved" as const };
  });
}

/**
 * A broker's rate changes for its edit page: those awaiting a second approval and the last ones
 * decided, newest first, each with its maker's name and the rates as "type kind value" lines.
 */
export async function listRateChanges(db: Db, brokerId: string) {
  const rows = await db.kysely
    .selectFrom("broker_rate_changes as c")
    .leftJoin("users as maker", "maker.id", "c.first_approved_by")
    .select([
      "c.id",
      "c.effective_from",
      "c.rates",
      "c.status",
      "c.first_approved_by",
      "c.send_back_reason",
      "c.created_at",
      "maker.name as maker_name",
      "maker.email as maker_email",
    ])
    .where("c.broker_id", "=", brokerId)
    .orderBy("c.created_at", "desc")
    .orderBy("c.id", "desc")
    .limit(10)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    from: r.effective_from,
    rates: JSON.parse(r.rates) as Rate[],
    status: r.status,
    sendBackReason: r.send_back_reason,
    createdAt: r.created_at,
    firstApprover: r.first_approved_by
      ? { id: r.first_approved_by, name: r.maker_name || r.maker_email || "" }
      : null,
  }));
}
