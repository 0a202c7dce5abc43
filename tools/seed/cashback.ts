import type { Db } from "#db";
import { commitImport } from "#server/features/cashback/jobs";
import { previewImport } from "#server/features/cashback/preview";
import { createLogger } from "#server/logger";
import { tokyoDay } from "#domain/tokyo";
import { BUILTIN, saveProfile } from "#server/features/cashback/profiles";
import { atTime } from "#db/clock";
import { fromDbTime } from "#db/time";
import {
  axiServerTime,
  type DemoShape,
  DEMO_SHAPES,
  type DemoTrade,
  SYMBOLS,
  ticketOf,
} from "./reports";
import { addDays, DAY_MS, existingId, tokyoMomentAt } from "./support";

/**
 * Where a database seeded before the weekly imports keeps the whole demo history: one batch,
 * left as it is (a re-seed adds no weekly batches beside it).
 */
export const DEMO_REPORT_FILE = "demo-rebate-report.csv";

/** A demo account as the report lists it; `since`: the Tokyo day it was registered. */
export interface DemoAccount {
  brokerCode: string;
  accountNumber: string;
  since?: string;
}

/**
 * The demo accounts' trades: four trading days a month over the last six Tokyo months (never
 * after today, never before the account was registered on the site), each with its own ticket.
 */
export function demoTrades(accounts: DemoAccount[], now = new Date()): DemoTrade[] {
  const today = tokyoDay(now);
  const trades: DemoTrade[] = [];
  accounts.forEach((account, a) => {
    for (let back = 5; back >= 0; back--) {
      const first = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
      first.setUTCMonth(first.getUTCMonth() - back);
      for (const [k, day] of [1, 8, 15, 22].entries()) {
        const date = new Date(first.getTime() + (day - 1) * DAY_MS).toISOString().slice(0, 10);
        if (date > today || (account.since !== undefined && date < account.since)) continue;
        trades.push({
          tradeDate: date,
          brokerCode: account.brokerCode,
          accountNumber: account.accountNumber,
          lotsMilli: 1_500 + ((back * 7 + k * 3 + a) % 9) * 750,
          symbol: SYMBOLS[(back + k + a) % SYMBOLS.length]!,
          ticket: ticketOf(date, a),
        });
      }
    }
  });
  return trades;
}

const REPORT_HEADER = "trade_date,broker,account,lots,amount,currency,row_key";

/**
 * Trades in the built-in shape, the member's cashback given as the amount (¥640 a lot): the
 * report of a broker without a shape of its own.
 */
export function builtinReport(trades: DemoTrade[]): string {
  const lines = trades.map((t) =>
    [
      t.tradeDate,
      t.brokerCode,
      t.accountNumber,
      (t.lotsMilli / 1000).toFixed(2),
      String(Math.floor((t.lotsMilli * 640) / 1000)),
      "JPY",
      `demo-${t.accountNumber}-${t.tradeDate}`,
    ].join(","),
  );
  return [REPORT_HEADER, ...lines].join("\n") + "\n";
}

/** One weekly report of one broker, as the operator imports it, and when. */
export interface DemoImport {
  fileName: string;
  brokerCode: string;
  /** The Sunday that ends the (Monday to Sunday) trading week the report covers. */
  weekEnd: string;
  at: Date;
  trades: DemoTrade[];
  /** The report's bytes: in the broker's shape, or the built-in one. */
  content: Uint8Array;
  /** The broker's shape (read with its profile); null for the built-in shape. */
  shape: DemoShape | null;
}

/** The Sunday ending the Monday-to-Sunday week of the day "YYYY-MM-DD". */
function weekEndOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0: Sunday
  return addDays(day, (7 - weekday) % 7);
}

/**
 * The demo trades cut as an operator imports them: one file per broker and trading week, in
 * the broker's shape, each imported on the Tuesday after its week, in the morning (Tokyo),
 * brokers half an hour apart; never later than `now` (a week imported "this morning" at the
 * latest). Oldest first.
 */
export function demoImports(trades: DemoTrade[], now = new Date()): DemoImport[] {
  const groups = new Map<string, { brokerCode: string; weekEnd: string; trades: DemoTrade[] }>();
  for (const trade of trades) {
    const weekEnd = weekEndOf(trade.tradeDate);
    const key = `${weekEnd} ${trade.brokerCode}`;
    const group = groups.get(key) ?? { brokerCode: trade.brokerCode, weekEnd, trades: [] };
    group.trades.push(trade);
    groups.set(key, group);
  }
  const brokers = [...new Set([...groups.values()].map((g) => g.brokerCode))].sort();
  return [...groups.values()]
    .map((g) => {
      const b = brokers.indexOf(g.brokerCode);
      // A few minutes' wobble from week to week, so the imports do not all read 10:05.
      const minute = 5 + b * 30 + ((Number(g.weekEnd.slice(8, 10)) * 7) % 13);
      const planned = tokyoMomentAt(addDays(g.weekEnd, 2), 9, minute);
      const latest = now.getTime() - (brokers.length - b) * 60_000;
      const shape = DEMO_SHAPES.get(g.brokerCode) ?? null;
      // In the report's order: by day, then account.
      const sorted = [...g.trades].sort(
        (x, y) =>
          x.tradeDate.localeCompare(y.tradeDate) || x.accountNumber.localeCompare(y.accountNumber),
      );
      return {
        fileName: `demo-rebate-${g.brokerCode}-${g.weekEnd}.${shape?.ext ?? "csv"}`,
        brokerCode: g.brokerCode,
        weekEnd: g.weekEnd,
        at: planned.getTime() < latest ? planned : new Date(latest),
        trades: sorted,
        content: shape ? shape.write(sorted) : new Uint8Array(Buffer.from(builtinReport(sorted))),
        shape,
      };
    })
    .sort((x, y) => x.at.getTime() - y.at.getTime() || x.fileName.localeCompare(y.fileName));
}

/**
 * The import profile of each demo broker that has a shape, saved as an admin saves one (and
 * audited) unless a profile of that name is there already: an admin's edits are kept. Returns
 * each broker code's profile id.
 */
export async function seedImportProfiles(db: Db, adminId: string): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const shape of [...DEMO_SHAPES.values(), axiServerTime]) {
    const brokerId = await existingId(db, "brokers", { code: shape.brokerCode });
    if (!brokerId) continue;
    const id =
      (await existingId(db, "import_profiles", {
        broker_id: brokerId,
        name: shape.profile.name,
      })) ?? (await saveProfile(db, adminId, { ...shape.profile, brokerId })).id;
    if (!ids.has(shape.brokerCode)) ids.set(shape.brokerCode, id);
  }
  return ids;
}

/**
 * The demo members' cashback, through the real import (preview, then commit) as an operator's
 * weekly imports: each broker's week is its own batch, previewed and committed at its own
 * moment (`atTime`), so the cashback entries, the batches, the affiliate rewards and the
 * marathon goals they reach are dated when they were credited, and a member's statement reads
 * in order. Safe to run again: a batch already committed under its file name is skipped (the
 * engine's duplicate protection would credit nothing twice anyway).
 */
export async function seedCashback(
  db: Db,
  people: { adminId: string; memberId: string; others?: string[] },
) {
  const legacy = { file_name: DEMO_REPORT_FILE, status: "committed" };
  if (await existingId(db, "import_batches", legacy)) return;
  const accounts = await db.kysely
    .selectFrom("broker_accounts")
    .innerJoin("brokers", "brokers.id", "broker_accounts.broker_id")
    .select([
      "brokers.code as brokerCode",
      "broker_accounts.account_number as accountNumber",
      "broker_accounts.created_at",
    ])
    .where("broker_accounts.user_id", "in", [people.memberId, ...(people.others ?? [])])
    .where("broker_accounts.status", "=", "approved")
    .orderBy("broker_accounts.created_at")
    .execute();
  if (accounts.length === 0) return;
  const trades = demoTrades(
    accounts.map((a) => ({
      brokerCode: a.brokerCode,
      accountNumber: a.accountNumber,
      since: tokyoDay(fromDbTime(a.created_at)),
    })),
  );
  const weeks = demoImports(trades);
  // The profiles were set up the day before the first weekly import.
  const profiles = await atTime(new Date(weeks[0]!.at.getTime() - DAY_MS), () =>
    seedImportProfiles(db, people.adminId),
  );
  const deps = { db, log: createLogger({ level: "silent" }) };
  for (const week of weeks) {
    const done = { file_name: week.fileName, status: "committed" };
    if (await existingId(db, "import_batches", done)) continue;
    await atTime(week.at, async () => {
      const preview = await previewImport(deps, people.adminId, {
        fileName: week.fileName,
        content: week.content,
        usdRate: "150",
        // Read with the broker's profile, so each row is priced from the rate card in force
        // on its trade date at the account's type.
        profileId: (week.shape && profiles.get(week.shape.brokerCode)) || BUILTIN,
      });
      await commitImport(deps, people.adminId, preview.batchId);
    });
  }
}
