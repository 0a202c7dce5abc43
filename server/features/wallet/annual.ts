import type { Kysely } from "kysely";
import type { Db } from "#db";
import type { Database } from "#db/schema";
import { fromDbTime, toDbTime } from "#db/time";
import { type StatementEntry, statementEntry } from "../../domain/statement";
import { tokyoDay, tokyoMidnight, tokyoYear } from "../../domain/tokyo";
import { type Issuer, issuerFromCompanyPage } from "../../domain/issuer";
import type { Language } from "../../domain/language";
import { type Method, WITHDRAWAL_FEES, WITHDRAWAL_METHODS } from "../../domain/withdrawal";
import { memberWallet, type MovementKind } from "../../ledger";
import { readInLists } from "../../lib/in-list";
import { latestBody } from "../legal/service";

/** One income or outgoing line: yen (always positive) and how many movements make it. */
export interface AnnualLine {
  amount: number;
  count: number;
}

/** A member's balance at an instant: both buckets and their sum. */
export interface Balance {
  available: number;
  held: number;
  total: number;
}

export interface AnnualStatement {
  year: number;
  /** Whose document it is, as printed on it. */
  holder: { name: string; email: string };
  /** The Tokyo calendar year as the UTC instants [start, end). */
  start: string;
  end: string;
  opening: Balance;
  closing: Balance;
  income: {
    /** Cashback per broker, largest first (a broker's name as it is now). */
    cashback: (AnnualLine & { brokerId: string | null; broker: string | null })[];
    affiliate: AnnualLine;
    battlePrizes: AnnualLine;
    marathonRewards: AnnualLine;
    /** Prizes of another origin (none today; kept so every movement has a line). */
    otherPrizes: AnnualLine;
    gachaWins: AnnualLine;
    presents: AnnualLine;
    transfersIn: AnnualLine;
  };
  outgoing: {
    gachaPlays: AnnualLine;
    /** Transfers sent and settled: the amounts the receivers got, and the fees on top. */
    transfersOut: AnnualLine & { fees: number };
    /** Withdrawals paid out, per method in the form's order (methods used only). */
    withdrawals: (AnnualLine & { method: Method; fees: number })[];
  };
  totalIncome: number;
  totalOutgoing: number;
  /** opening.total + totalIncome - totalOutgoing === closing.total, checked on every read. */
  reconciled: boolean;
  /**
   * The years the member had an account in, newest first: from the year they registered (or
   * of their first movement, if earlier) to the current year. Only these are offered.
   */
  years: number[];
  /**
   * For the running year, the Tokyo day (YYYY-MM-DD) the closing balance is at: the year has
   * not ended, so the document says "balance as of" that day, not the year-end. Null after
   * the year's end.
   */
  asOf: string | null;
  /** The issuer block (company name and address) from the current company page, if written. */
  issuer: Issuer | null;
  /** The document's number: the year, the member and the day it was issued. */
  documentNumber: string;
}

const line = (): AnnualLine => ({ amount: 0, count: 0 });

type IncomeLine = Exclude<keyof AnnualStatement["income"], "cashback">;

/** The income besides cashback: the line each kind of movement adds to. */
const INCOME_LINE = {
  affiliate_reward: "affiliate",
  battle_prize: "battlePrizes",
  marathon_reward: "marathonRewards",
  prize: "otherPrizes",
  gacha_reward: "gachaWins",
  present: "presents",
  transfer_received: "transfersIn",
} as const satisfies Partial<Record<StatementEntry, IncomeLine>>;

function isIncomeEntry(entry: StatementEntry): entry is keyof typeof INCOME_LINE {
  return Object.hasOwn(INCOME_LINE, entry);
}

/** Midnight in Tokyo starting 1 January of the year, as the stored UTC text. */
function yearStart(year: number): string {
  return toDbTime(tokyoMidnight(`${String(year).padStart(4, "0")}-01-01`));
}

async function balanceBefore(
  trx: Kysely<Database>,
  userId: string,
  before: string,
): Promise<Balance> {
  const rows = await trx
    .selectFrom("ledger_entries as e")
    .innerJoin("ledger_transactions as t", "t.id", "e.tx_id")
    .where("e.wallet_id", "=", memberWallet(userId))
    .where("t.created_at", "<", before)
    .groupBy("e.bucket")
    .select((eb) => ["e.bucket", eb.fn.sum<number>("e.amount").as("amount")])
    .execute();
  const of = (bucket: string) => Number(rows.find((r) => r.bucket === bucket)?.amount ?? 0);
  const available = of("available");
  const held = of("held");
  return { available, held, total: available + held };
}

/**
 * The years a member had an account in, newest first: from the Tokyo year they registered (or
 * of their first ledger movement, should one be older) to the current year.
 */
export async function annualYears(
  trx: Kysely<Database>,
  userId: string,
  now = new Date(),
): Promise<number[]> {
  const [user, first] = await Promise.all([
    trx.selectFrom("users").select("created_at").where("id", "=", userId).executeTakeFirstOrThrow(),
    trx
      .selectFrom("ledger_entries as e")
      .innerJoin("ledger_transactions as t", "t.id", "e.tx_id")
      .where("e.wallet_id", "=", memberWallet(userId))
      .select((eb) => eb.fn.min("t.created_at").as("first"))
      .executeTakeFirst(),
  ]);
  const currentYear = tokyoYear(now);
  let firstYear = Math.min(currentYear, tokyoYear(fromDbTime(user.created_at)));
  if (first?.first) firstYear = Math.min(firstYear, tokyoYear(fromDbTime(String(first.first))));
  const years: number[] = [];
  for (let y = currentYear; y >= firstYear; y--) years.push(y);
  return years;
}

/**
 * The annual statement's number: AR-year-member-issue day. The same member, year and day give
 * the same number (a document downloaded twice in a day is one document); the member part is
 * the end of the account's id, so the number names no person.
 */
export function annualDocumentNumber(year: number, userId: string, issuedDay: string): string {
  const member = userId
    .replace(/[^0-9A-Za-z]/g, "")
    .slice(-8)
    .toUpperCase();
  return `AR-${year}-${member}-${issuedDay.replace(/-/g, "")}`;
}

/**
 * The member's year in one document (年間取引報告書): per Tokyo calendar year, what came in by
 * kind (cashback per broker, affiliate rewards, prizes, gacha wins, presents, transfers
 * received), what went out (gacha plays, transfers sent with their fees, withdrawals paid per
 * method with their fees), and the balance at the year's start and end.
 *
 * Everything is read from the member's own ledger entries, in one transaction so the balances
 * and the lines are one snapshot. A movement's year is its ledger transaction's time in Tokyo.
 * Holds and releases (a request waiting, refused or cancelled) only move yen between the
 * member's own buckets: they change neither the total nor a line, and money still held at
 * the year's end shows in the closing balance.
 */
export async function annualStatement(
  db: Db,
  userId: string,
  year: number,
  now = new Date(),
  locale: Language = "ja",
): Promise<AnnualStatement> {
  const start = yearStart(year);
  const end = yearStart(year + 1);
  return db.kysely.transaction().execute(async (trx) => {
    const [opening, closing] = [
      await balanceBefore(trx, userId, start),
      await balanceBefore(trx, userId, end),
    ];
    // The year's movements of this wallet, one row per ledger transaction.
    const movements = await trx
      .selectFrom("ledger_entries as e")
      .innerJoin("ledger_transactions as t", "t.id", "e.tx_id")
      .where("e.wallet_id", "=", memberWallet(userId))
      .where("t.created_at", ">=", start)
      .where("t.created_at", "<", end)
      .groupBy(["t.id", "t.kind", "t.ref_type", "t.ref_id"])
      .select((eb) => [
        "t.id",
        "t.kind",
        "t.ref_type",
        "t.ref_id",
        eb.fn
          .sum<number>(
            eb.case().when("e.bucket", "=", "available").then(eb.ref("e.amount")).else(0).end(),
          )
          .as("available"),
        eb.fn.sum<number>("e.amount").as("total"),
      ])
      .execute();

    const income = Object.fromEntries(
      Object.values(INCOME_LINE).map((name) => [name, line()]),
    ) as Record<IncomeLine, AnnualLine>;
    const gachaPlays = line();
    const cashbackTxIds: string[] = [];
    let cashbackTotal = 0;
    const adjustments: { id: string; total: number }[] = [];
    const transferIds: string[] = [];
    const payouts = new Map<string, number>();
    const add = (l: AnnualLine, yen: number) => {
      l.amount += yen;
      l.count += 1;
    };
    for (const m of movements) {
      const total = Number(m.total);
      // Written only by server/ledger, whose kinds are MovementKind.
      const entry = statementEntry(m.kind as MovementKind, m.ref_type, Number(m.available));
      if (isIncomeEntry(entry)) {
        add(income[INCOME_LINE[entry]], total);
        continue;
      }
      switch (entry) {
        case "cashback":
          cashbackTxIds.push(String(m.id));
          cashbackTotal += total;
          break;
        // An adjustment batch corrects a broker's credited cashback: it nets into its line.
        case "rate_adjustment":
          adjustments.push({ id: m.ref_id, total });
          break;
        case "gacha_cost":
          add(gachaPlays, -total);
          break;
        case "transfer_sent":
          transferIds.push(m.ref_id);
          break;
        case "withdrawal_payout":
          payouts.set(m.ref_id, -total);
          break;
        // Holds and releases move yen between the member's own buckets (total 0).
        case "withdrawal_hold":
        case "withdrawal_release":
        case "transfer_hold":
        case "transfer_release":
          if (total !== 0) throw new Error(`annual: ${entry} ${String(m.id)} changes the total`);
          break;
      }
    }

    const cashback = await withAdjustments(
      trx,
      await cashbackByBroker(trx, userId, cashbackTxIds, cashbackTotal),
      adjustments,
    );
    const transfersOut = await sentTransfers(trx, userId, transferIds);
    const withdrawals = await paidWithdrawals(trx, userId, payouts);

    const totalIncome =
      cashback.reduce((s, c) => s + c.amount, 0) +
      Object.values(income).reduce((s, l) => s + l.amount, 0);
    const totalOutgoing =
      gachaPlays.amount +
      transfersOut.amount +
      transfersOut.fees +
      withdrawals.reduce((s, w) => s + w.amount + w.fees, 0);

    const holder = await trx
      .selectFrom("users")
      .select(["name", "email"])
      .where("id", "=", userId)
      .executeTakeFirstOrThrow();
    const years = await annualYears(trx, userId, now);
    const today = tokyoDay(now);

    return {
      year,
      holder: { name: holder.name, email: holder.email },
      start,
      end,
      opening,
      closing,
      income: { cashback, ...income },
      outgoing: { gachaPlays, transfersOut, withdrawals },
      totalIncome,
      totalOutgoing,
      reconciled: opening.total + totalIncome - totalOutgoing === closing.total,
      years,
      asOf: year >= tokyoYear(now) ? today : null,
      issuer: await companyIssuer(trx, locale),
      documentNumber: annualDocumentNumber(year, userId, today),
    };
  });
}

/**
 * The year's cashback per broker. A cashback ledger transaction credits a whole import chunk;
 * the member's share of it per broker is their cashback history rows written with it. Should
 * the two ever differ, the difference is a line of its own (no broker), so the document still
 * adds up to what the ledger credited.
 */
async function cashbackByBroker(
  trx: Kysely<Database>,
  userId: string,
  txIds: string[],
  ledgerTotal: number,
): Promise<AnnualStatement["income"]["cashback"]> {
  const out: AnnualStatement["income"]["cashback"] = [];
  const rows = await readInLists(txIds, (ids) =>
    trx
      .selectFrom("cashbacks as c")
      .leftJoin("brokers as b", "b.id", "c.broker_id")
      .where("c.user_id", "=", userId)
      .where("c.ledger_tx_id", "in", ids)
      .groupBy(["c.broker_id", "b.name"])
      .select((eb) => [
        "c.broker_id",
        "b.name",
        eb.fn.sum<number>("c.amount").as("amount"),
        eb.fn.count<number>("c.ledger_tx_id").distinct().as("count"),
      ])
      .execute(),
  );
  for (const r of rows) {
    const seen = out.find((o) => o.brokerId === r.broker_id);
    if (seen) {
      seen.amount += Number(r.amount);
      seen.count += Number(r.count);
    } else
      out.push({
        brokerId: r.broker_id,
        broker: r.name ?? null,
        amount: Number(r.amount),
        count: Number(r.count),
      });
  }
  const attributed = out.reduce((s, c) => s + c.amount, 0);
  if (attributed !== ledgerTotal)
    out.push({ brokerId: null, broker: null, amount: ledgerTotal - attributed, count: 0 });
  return out.sort((a, b) => b.amount - a.amount);
}

/**
 * The year's adjustment batches added to their brokers' cashback lines (signed: a debit
 * lowers the line), so the lines still sum to what the ledger moved.
 */
async function withAdjustments(
  trx: Kysely<Database>,
  cashback: AnnualStatement["income"]["cashback"],
  adjustments: { id: string; total: number }[],
): Promise<AnnualStatement["income"]["cashback"]> {
  if (adjustments.length === 0) return cashback;
  const rows = await readInLists(
    adjustments.map((a) => a.id),
    (ids) =>
      trx
        .selectFrom("rate_adjustments as a")
        .leftJoin("brokers as b", "b.id", "a.broker_id")
        .select(["a.id", "a.broker_id", "b.name"])
        .where("a.id", "in", ids)
        .execute(),
  );
  const out = cashback.map((c) => ({ ...c }));
  for (const a of adjustments) {
    const row = rows.find((r) => r.id === a.id);
    const brokerId = row?.broker_id ?? null;
    const line = out.find((o) => o.brokerId === brokerId);
    if (line) {
      line.amount += a.total;
      line.count += 1;
    } else out.push({ brokerId, broker: row?.name ?? null, amount: a.total, count: 1 });
  }
  return out.sort((x, y) => y.amount - x.amount);
}

/** Transfers this member sent that settled in the year: the amounts and the fees apart. */
async function sentTransfers(trx: Kysely<Database>, userId: string, ids: string[]) {
  const out = { amount: 0, count: 0, fees: 0 };
  const rows = await readInLists(ids, (list) =>
    trx
      .selectFrom("transfers")
      .select(["amount", "fee"])
      .where("sender_id", "=", userId)
      .where("id", "in", list)
      .execute(),
  );
  for (const r of rows) {
    out.amount += Number(r.amount);
    out.fees += Number(r.fee);
    out.count += 1;
  }
  return out;
}

/**
 * Withdrawals paid out in the year, per method. The portal charges no payout fee
 * (WITHDRAWAL_FEES), so the yen paid is the amount that left the balance; a fee would be
 * part of what the payout took, shown apart.
 */
async function paidWithdrawals(
  trx: Kysely<Database>,
  userId: string,
  payouts: Map<string, number>,
): Promise<AnnualStatement["outgoing"]["withdrawals"]> {
  const ids = [...payouts.keys()];
  const byMethod = new Map<Method, { amount: number; count: number; fees: number }>();
  const rows = await readInLists(ids, (list) =>
    trx
      .selectFrom("withdrawals")
      .select(["id", "method"])
      .where("user_id", "=", userId)
      .where("id", "in", list)
      .execute(),
  );
  for (const r of rows) {
    const paid = payouts.get(r.id)!;
    const fee = Math.min(WITHDRAWAL_FEES[r.method], paid);
    const m = byMethod.get(r.method) ?? { amount: 0, count: 0, fees: 0 };
    m.amount += paid - fee;
    m.fees += fee;
    m.count += 1;
    byMethod.set(r.method, m);
  }
  return WITHDRAWAL_METHODS.filter((m) => byMethod.has(m)).map((method) => ({
    method,
    ...byMethod.get(method)!,
  }));
}

/** The issuer block from the latest company page, in the reader's language (ja without en). */
async function companyIssuer(trx: Kysely<Database>, locale: Language): Promise<Issuer | null> {
  const body = await latestBody(trx, "company", locale);
  return body === null ? null : issuerFromCompanyPage(body);
}
