import type { Kysely } from "kysely";
import type { Db } from "#db";
import { forUpdate } from "#db/dialect";
import { newId } from "#db/id";
import type {
  Database,
  RateAdjustmentDecision,
  RateAdjustmentMemberStatus,
  RateAdjustmentStatus,
} from "#db/schema";
import { nowDb } from "#db/time";
import { recordAudit } from "../../audit";
import { AppError } from "../../errors";
import { ensureWallet, getWallet, inTransaction } from "../../ledger";
import { houseAvailable, memberAvailable, moveMoney } from "../../ledger/moves";
import { readInLists } from "../../lib/in-list";
import { claimSecondDecision } from "../../lib/second-decision";
import { type Commission, lotsE8Of } from "../../domain/pricing";
import {
  type CreditedRow,
  decisionNeedsSecondAdmin,
  type MemberLine,
  memberLines,
  type RepricedRow,
  repriceRow,
  settle,
} from "../../domain/rate-adjustment";
import { getMoneySettings } from "../settings/service";
import { brokerExists } from "./service";
import { rateVersionsOf } from "./terms";

/**
 * Adjustment batches. A rate change dated in the past leaves credited rows at
 * the price they were paid; the rate screen shows what re-pricing the rows traded on or after
 * the change at the card in force on their trade date would change, and an admin draws that
 * up as a batch, reviews it per member like an import, and applies it: each member is
 * credited or debited the difference through the ledger, once, with its own statement line.
 * A debit the member's balance cannot cover is held until an admin records a decision.
 */

const PAGE = 2000;

/** A row's current price: its credited amount, or the new price of the last applied batch. */
async function currentPrices(db: Kysely<Database>, cashbackIds: string[], except?: string) {
  const rows = await readInLists(cashbackIds, (ids) =>
    db
      .selectFrom("rate_adjustment_rows as r")
      .innerJoin("rate_adjustments as a", "a.id", "r.adjustment_id")
      .select(["r.cashback_id", "r.new_yen", "a.applied_at", "a.id"])
      .where("a.status", "=", "applied")
      .where("r.cashback_id", "in", ids)
      .$if(except !== undefined, (q) => q.where("a.id", "<>", except!))
      .execute(),
  );
  rows.sort((x, y) =>
    String(x.applied_at) === String(y.applied_at)
      ? x.id.localeCompare(y.id)
      : String(x.applied_at).localeCompare(String(y.applied_at)),
  );
  const out = new Map<string, number>();
  for (const r of rows) out.set(r.cashback_id, Number(r.new_yen));
  return out;
}

/**
 * The broker's credited rows traded on or after `from`, re-priced: read in pages by id, each
 * with its commission as reported (the staging row shares the history row's id), its batch's
 * dollar rate and its account's type now. Rows whose amount the report gave (not priced from
 * the card) keep it: the broker stated that amount.
 */
async function repriced(db: Kysely<Database>, brokerId: string, from: string, except?: string) {
  const versions = (await rateVersionsOf(db, [brokerId])).get(brokerId) ?? [];
  const out: RepricedRow[] = [];
  let credited = 0;
  let notRepriced = 0;
  let after = "";
  for (;;) {
    const page = await db
      .selectFrom("cashbacks as c")
      .innerJoin("import_batches as b", "b.id", "c.batch_id")
      .innerJoin("broker_accounts as a", "a.id", "c.broker_account_id")
      .leftJoin("import_rows as r", "r.id", "c.id")
      .select([
        "c.id",
        "c.user_id",
        "c.trade_date",
        "c.lots_milli",
        "c.lots_exact",
        "c.amount",
        "c.priced",
        "b.usd_rate_micro",
        "a.account_type",
        // The history row keeps the commission as reported; rows credited before it did,
        // their staging row.
        (eb) =>
          eb.fn.coalesce("c.commission_x10000", "r.commission_x10000").as("commission_x10000"),
        (eb) => eb.fn.coalesce("c.currency", "r.currency").as("currency"),
      ])
      .where("c.broker_id", "=", brokerId)
      .where("c.trade_date", ">=", from)
      .where("c.id", ">", after)
      .orderBy("c.id")
      .limit(PAGE)
      .execute();
    if (page.length === 0) break;
    after = page[page.length - 1]!.id;
    credited += page.length;
    const current = await currentPrices(
      db,
      page.map((r) => r.id),
      except,
    );
    for (const r of page) {
      if (r.priced !== 1) {
        notRepriced += 1;
        continue;
      }
      const commission: Commission | null =
        r.commission_x10000 === null || (r.currency !== "JPY" && r.currency !== "USD")
          ? null
          : { amountX10000: BigInt(r.commission_x10000), currency: r.currency };
      const row: CreditedRow = {
        id: r.id,
        userId: r.user_id,
        tradeDate: r.trade_date,
        lotsE8: lotsE8Of({ lots_exact: r.lots_exact, lots_milli: Number(r.lots_milli) }),
        commission,
        usdRateMicro: r.usd_rate_micro === null ? null : BigInt(r.usd_rate_micro),
        accountType: r.account_type,
        currentYen: current.get(r.id) ?? Number(r.amount),
      };
      const price = repriceRow(row, versions);
      if (price) out.push(price);
      else notRepriced += 1;
    }
    if (page.length < PAGE) break;
  }
  return { credited, notRepriced, rows: out.filter((r) => r.newYen !== r.oldYen) };
}

function totals(lines: readonly MemberLine[]) {
  let oldYen = 0;
  let newYen = 0;
  let credit = 0;
  let debit = 0;
  let rows = 0;
  for (const l of lines) {
    rows += l.rows;
    oldYen += l.oldYen;
    newYen += l.newYen;
    if (l.difference > 0) credit += l.difference;
    else debit -= l.difference;
  }
  return { rows, oldYen, newYen, difference: newYen - oldYen, credit, debit };
}

async function memberNames(db: Kysely<Database>, userIds: string[]) {
  const rows = await readInLists(userIds, (ids) =>
    db.selectFrom("users").select(["id", "nickname", "email"]).where("id", "in", ids).execute(),
  );
  return new Map(rows.map((r) => [r.id, { nickname: r.nickname, email: r.email }]));
}

async function brokerFound(db: Kysely<Database>, brokerId: string) {
  if (!(await brokerExists(db, brokerId))) throw new AppError("NOT_FOUND", "notFound");
}

/**
 * What re-pricing the credited rows traded on or after `from` would change: how many credited
 * rows fall on or after it, how many change price, the yen before and after, per member.
 */
export async function rateImpact(db: Db, brokerId: string, from: string) {
  await brokerFound(db.kysely, brokerId);
  const { credited, notRepriced, rows } = await repriced(db.kysely, brokerId, from);
  const lines = memberLines(rows);
  const names = await memberNames(
    db.kysely,
    lines.map((l) => l.userId),
  );
  return {
    brokerId,
    from,
    /** Credited rows traded on or after `from`. */
    credited,
    /** Of those, rows the card does not price (amounts the report gave, or no rate now). */
    notRepriced,
    ...totals(lines),
    members: lines.map((l) => ({ ...l, ...names.get(l.userId) })),
  };
}
export type RateImpact = Awaited<ReturnType<typeof rateImpact>>;

/**
 * Draws up an adjustment batch from the impact of re-pricing from `from`: the batch, a line
 * per member and the rows with their old and new price and the rate applied. Nothing moves
 * until it is applied. Refused when no credited row changes price.
 */
export async function draftAdjustment(db: Db, adminId: string, brokerId: string, from: string) {
  await brokerFound(db.kysely, brokerId);
  const { rows } = await repriced(db.kysely, brokerId, from);
  const lines = memberLines(rows);
  if (lines.length === 0) throw new AppError("BAD_REQUEST", "adjustment.nothingToAdjust");
  const sum = totals(lines);
  const id = newId();
  const now = nowDb();
  await db.kysely.transaction().execute(async (trx) => {
    await trx
      .insertInto("rate_adjustments")
      .values({
        id,
        broker_id: brokerId,
        rates_from: from,
        status: "draft",
        rows_total: sum.rows,
        members_total: lines.length,
        amount_credit: sum.credit,
        amount_debit: sum.debit,
        created_by: adminId,
        applied_by: null,
        applied_at: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    for (let i = 0; i < lines.length; i += 500) {
      await trx
        .insertInto("rate_adjustment_members")
        .values(
          lines.slice(i, i + 500).map((l) => ({
            id: newId(),
            adjustment_id: id,
            user_id: l.userId,
            rows_total: l.rows,
            old_yen: l.oldYen,
            new_yen: l.newYen,
            difference: l.difference,
            status: "pending" as const,
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
    }
    for (let i = 0; i < rows.length; i += 500) {
      await trx
        .insertInto("rate_adjustment_rows")
        .values(
          rows.slice(i, i + 500).map((r) => ({
            id: newId(),
            adjustment_id: id,
            cashback_id: r.id,
            user_id: r.userId,
            trade_date: r.tradeDate,
            old_yen: r.oldYen,
            new_yen: r.newYen,
            rate_type: r.rate.accountType,
            rate_kind: r.rate.kind,
            rate_x100: r.rate.valueX100,
            rate_from: r.rate.from,
          })),
        )
        .execute();
    }
    await recordAudit(trx, {
      actorId: adminId,
      action: "rate_adjustment.draft",
      targetType: "rate_adjustment",
      targetId: id,
      data: { brokerId, from, members: lines.length, ...sum },
    });
  });
  return { id };
}

/** An adjustment batch for its review page: its figures and a line per member. */
export async function getAdjustment(db: Db, id: string) {
  const batch = await db.kysely
    .selectFrom("rate_adjustments as a")
    .innerJoin("brokers as b", "b.id", "a.broker_id")
    .leftJoin("users as maker", "maker.id", "a.first_approved_by")
    .select([
      "a.id",
      "a.broker_id",
      "b.name as broker",
      "a.rates_from",
      "a.status",
      "a.rows_total",
      "a.members_total",
      "a.amount_credit",
      "a.amount_debit",
      "a.created_at",
      "a.applied_at",
      "a.first_approved_by",
      "a.send_back_reason",
      "maker.name as maker_name",
      "maker.email as maker_email",
    ])
    .where("a.id", "=", id)
    .executeTakeFirst();
  if (!batch) throw new AppError("NOT_FOUND", "notFound");
  const over = (await getMoneySettings(db.kysely)).presentSecondApprovalOver;
  const members = await db.kysely
    .selectFrom("rate_adjustment_members as m")
    .innerJoin("users as u", "u.id", "m.user_id")
    .leftJoin("wallets as w", "w.id", "m.user_id")
    .select([
      "m.user_id",
      "u.nickname",
      "u.email",
      "m.rows_total",
      "m.old_yen",
      "m.new_yen",
      "m.difference",
      "m.status",
      "m.moved",
      "m.decision",
      "m.decision_reason",
      "m.decided_by",
      "w.balance",
    ])
    .where("m.adjustment_id", "=", id)
    .orderBy("m.difference")
    .orderBy("m.user_id")
    .execute();
  return {
    id: batch.id,
    brokerId: batch.broker_id,
    broker: batch.broker,
    from: batch.rates_from,
    status: batch.status as RateAdjustmentStatus,
    rows: Number(batch.rows_total),
    members: Number(batch.members_total),
    credit: Number(batch.amount_credit),
    debit: Number(batch.amount_debit),
    createdAt: String(batch.created_at),
    appliedAt: batch.applied_at === null ? null : String(batch.applied_at),
    /** The maker whose apply was the first decision, while it awaits the second. */
    firstApprover: batch.first_approved_by
      ? { id: batch.first_approved_by, name: batch.maker_name || batch.maker_email || "" }
      : null,
    /** Why a second admin sent it back to a draft, for its maker. */
    sendBackReason: batch.send_back_reason,
    lines: members.map((m) => {
      const difference = Number(m.difference);
      const available = Number(m.balance ?? 0);
      const status = m.status as RateAdjustmentMemberStatus;
      return {
        userId: m.user_id,
        nickname: m.nickname,
        email: m.email,
        rows: Number(m.rows_total),
        oldYen: Number(m.old_yen),
        newYen: Number(m.new_yen),
        difference,
        status,
        moved: Number(m.moved),
        available,
        /** A debit the balance does not cover now: applied only with a recorded decision. */
        short: (status === "pending" || status === "held") && -difference > available,
        decision: m.decision as RateAdjustmentDecision | null,
        decisionReason: m.decision_reason,
        decidedBy: m.decided_by,
        /** A decision on this debit is settled only by an admin other than its recorder. */
        decisionChecked: decisionNeedsSecondAdmin(difference, over),
      };
    }),
  };
}
export type Adjustment = Awaited<ReturnType<typeof getAdjustment>>;

/** A broker's adjustment batches, newest first, for its rate screen. */
export async function listAdjustments(db: Db, brokerId: string) {
  const rows = await db.kysely
    .selectFrom("rate_adjustments")
    .select([
      "id",
      "rates_from",
      "status",
      "rows_total",
      "members_total",
      "amount_credit",
      "amount_debit",
      "created_at",
    ])
    .where("broker_id", "=", brokerId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(50)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    from: r.rates_from,
    status: r.status as RateAdjustmentStatus,
    rows: Number(r.rows_total),
    members: Number(r.members_total),
    credit: Number(r.amount_credit),
    debit: Number(r.amount_debit),
    createdAt: String(r.created_at),
  }));
}

/**
 * Records what to do with a member's debit the balance cannot cover (waive it, or debit what
 * the balance holds and waive the rest), with the admin's reason; audited. Only a debit still
 * to settle takes a decision.
 */
export async function decideDebit(
  db: Db,
  adminId: string,
  input: { adjustmentId: string; userId: string; decision: RateAdjustmentDecision; reason: string },
) {
  await db.kysely.transaction().execute(async (trx) => {
    // Decided under the batch's lock: a settle running now reads the decision before or after.
    await lockedBatch(db, trx, input.adjustmentId);
    const result = await trx
      .updateTable("rate_adjustment_members")
      .set({
        decision: input.decision,
        decision_reason: input.reason,
        decided_by: adminId,
        decided_at: nowDb(),
        updated_at: nowDb(),
      })
      .where("adjustment_id", "=", input.adjustmentId)
      .where("user_id", "=", input.userId)
      .where("difference", "<", 0)
      .where("status", "in", ["pending", "held"])
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1)
      throw new AppError("CONFLICT", "adjustment.noDebitToDecide");
    await recordAudit(trx, {
      actorId: adminId,
      action: "rate_adjustment.decide",
      targetType: "rate_adjustment",
      targetId: input.adjustmentId,
      data: { userId: input.userId, decision: input.decision, reason: input.reason },
    });
  });
  return { ok: true as const };
}

/** The drawn-up rows against the same re-pricing done now: equal unless something moved. */
async function stillCurrent(trx: Kysely<Database>, id: string, brokerId: string, from: string) {
  const drawn = await trx
    .selectFrom("rate_adjustment_rows")
    .select(["cashback_id", "old_yen", "new_yen"])
    .where("adjustment_id", "=", id)
    .execute();
  // Its own rows are not yet at their new price, even inside the approval that applies it.
  const { rows } = await repriced(trx, brokerId, from, id);
  if (drawn.length !== rows.length) return false;
  const now = new Map(rows.map((r) => [r.id, r]));
  return drawn.every((d) => {
    const r = now.get(d.cashback_id);
    return r !== undefined && r.oldYen === Number(d.old_yen) && r.newYen === Number(d.new_yen);
  });
}

export interface ApplyResult {
  /** "checking": the maker's apply was its first decision, nothing moved. */
  status: "checking" | "applied";
  /** True when nothing was left to apply: the batch had been applied before. */
  replayed: boolean;
  credited: number;
  debited: number;
  held: number;
  waived: number;
  /** Held members whose large decision this admin recorded: another admin settles them. */
  awaitingOther: number;
}

const NOTHING = { replayed: false, credited: 0, debited: 0, held: 0, waived: 0, awaitingOther: 0 };

/** The batch row, locked until the transaction ends, so its decisions never interleave. */
async function lockedBatch(db: Db, trx: Kysely<Database>, id: string) {
  const batch = await forUpdate(
    db,
    trx
      .selectFrom("rate_adjustments")
      .select([
        "id",
        "broker_id",
        "rates_from",
        "status",
        "members_total",
        "amount_credit",
        "amount_debit",
      ])
      .where("id", "=", id),
  ).executeTakeFirst();
  if (!batch) throw new AppError("NOT_FOUND", "notFound");
  return batch;
}

/**
 * An admin's apply. On a draft it is the maker's first decision: the draft must still be
 * current, then the batch awaits a different admin's approval and nothing moves. On an applied
 * batch it settles the members still held (with their recorded decision). A batch already
 * awaiting its approval is refused: only a second admin's approve or send back decides it.
 */
export async function applyAdjustment(db: Db, adminId: string, id: string): Promise<ApplyResult> {
  return inTransaction(
    db,
    async (trx) => {
      const batch = await lockedBatch(db, trx, id);
      if (batch.status === "checking")
        throw new AppError("CONFLICT", "adjustment.awaitingSecondApproval");
      if (batch.status === "applied") return settleMembers(db, trx, adminId, id, true);
      if (!(await stillCurrent(trx, id, batch.broker_id, batch.rates_from)))
        throw new AppError("CONFLICT", "adjustment.stale");
      const now = nowDb();
      await trx
        .updateTable("rate_adjustments")
        .set({
          status: "checking",
          first_approved_by: adminId,
          first_approved_at: now,
          send_back_reason: null,
          updated_at: now,
        })
        .where("id", "=", id)
        .where("status", "=", "draft")
        .execute();
      await recordAudit(trx, {
        actorId: adminId,
        action: "rate_adjustment.firstApprove",
        targetType: "rate_adjustment",
        targetId: id,
        data: {
          brokerId: batch.broker_id,
          from: batch.rates_from,
          members: Number(batch.members_total),
          credit: Number(batch.amount_credit),
          debit: Number(batch.amount_debit),
        },
      });
      return { ...NOTHING, status: "checking" as const };
    },
    { rerunIsSafe: true },
  );
}

/**
 * The second approval: by an admin other than the maker, once (one conditional UPDATE claims
 * it, so two approvals, or an approval and a send back, at once resolve to one); the batch is
 * applied in the same transaction, only while its rows still have the prices it was drawn up
 * with (otherwise nothing is claimed: it is stale, send it back).
 */
export async function approveAdjustment(db: Db, adminId: string, id: string): Promise<ApplyResult> {
  return inTransaction(
    db,
    async (trx) => {
      const now = nowDb();
      const batch = await claimSecondDecision(trx, {
        table: "rate_adjustments",
        id,
        adminId,
        set: { status: "applied", applied_by: adminId, applied_at: now, updated_at: now },
        columns: ["broker_id", "rates_from"],
      });
      if (!(await stillCurrent(trx, id, batch.broker_id, batch.rates_from)))
        throw new AppError("CONFLICT", "adjustment.stale");
      const result = await settleMembers(db, trx, adminId, id, false);
      await recordAudit(trx, {
        actorId: adminId,
        action: "rate_adjustment.secondApprove",
        targetType: "rate_adjustment",
        targetId: id,
        data: { firstApprovedBy: batch.first_approved_by, ...result },
      });
      return result;
    },
    { rerunIsSafe: true },
  );
}

/**
 * Moves each member still to settle through the ledger (kind rate_adjustment, key per batch and
 * member, so a member is moved once however often this runs). A debit the balance does not
 * cover is held until a decision is recorded; a decision on a debit above the present threshold
 * is settled only by an admin other than the one who recorded it (it waives house money as a
 * present would), so its recorder finds it still held.
 */
async function settleMembers(
  db: Db,
  trx: Kysely<Database>,
  adminId: string,
  id: string,
  audit: boolean,
): Promise<ApplyResult> {
  const over = (await getMoneySettings(trx)).presentSecondApprovalOver;
  const open = await trx
    .selectFrom("rate_adjustment_members")
    .select(["id", "user_id", "difference", "decision", "decided_by"])
    .where("adjustment_id", "=", id)
    .where("status", "in", ["pending", "held"])
    .orderBy("user_id")
    .execute();
  const result: ApplyResult = { ...NOTHING, status: "applied" };
  if (open.length === 0 && audit) return { ...result, replayed: true };
  // The members' wallets are locked in id order before their balances are read.
  const userIds = open.map((m) => m.user_id);
  for (const userId of userIds) await ensureWallet(trx, db, userId);
  if (userIds.length > 0)
    await readInLists(userIds, (ids) =>
      forUpdate(
        db,
        trx.selectFrom("wallets").select("id").where("id", "in", ids).orderBy("id"),
      ).execute(),
    );
  for (const m of open) {
    const difference = Number(m.difference);
    const { available } = await getWallet(trx, m.user_id);
    let outcome = settle(difference, available, m.decision);
    const byDecision = outcome.status === "waived" || outcome.status === "partial";
    const checked = byDecision && decisionNeedsSecondAdmin(difference, over);
    if (checked && m.decided_by === adminId) {
      outcome = settle(difference, available, null);
      result.awaitingOther += 1;
    }
    let txId: string | null = null;
    if (outcome.move !== 0) {
      const ref = {
        key: `rate_adjustment:${id}:${m.user_id}`,
        kind: "rate_adjustment" as const,
        refType: "rate_adjustment",
        refId: id,
      };
      const posted =
        outcome.move > 0
          ? await moveMoney(trx, db, ref, houseAvailable, memberAvailable(m.user_id), outcome.move)
          : await moveMoney(
              trx,
              db,
              ref,
              memberAvailable(m.user_id),
              houseAvailable,
              -outcome.move,
            );
      txId = posted.txId;
      if (outcome.move > 0) result.credited += outcome.move;
      else result.debited -= outcome.move;
    }
    if (outcome.status === "held") result.held += 1;
    if (outcome.status === "waived" || outcome.status === "partial")
      result.waived += -difference + outcome.move;
    await trx
      .updateTable("rate_adjustment_members")
      .set({
        status: outcome.status,
        moved: outcome.move,
        ledger_tx_id: txId,
        ...(checked && outcome.status !== "held" && { decision_approved_by: adminId }),
        updated_at: nowDb(),
      })
      .where("id", "=", m.id)
      .execute();
  }
  if (audit)
    await recordAudit(trx, {
      actorId: adminId,
      action: "rate_adjustment.apply",
      targetType: "rate_adjustment",
      targetId: id,
      data: { ...result },
    });
  return result;
}
