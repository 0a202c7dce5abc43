import type { Db } from "../index";
import { commitImport } from "../../server/features/cashback/jobs";
import { previewImport } from "../../server/features/cashback/preview";
import { createLogger } from "../../server/logger";
import { tokyoDay } from "../../server/domain/tokyo";
import { atTime } from "../clock";
import { fromDbTime } from "../time";
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
 * A broker report for the given accounts: four trading days a month over the last six Tokyo
 * months (never after today, never before the account was registered on the site), JPY rows
 * and, for every other account, USD rows at the batch's rate, each with its own row key.
 */
export function demoReport(accounts: DemoAccount[], now = new Date()): string {
  const today = tokyoDay(now);
  const lines = [REPORT_HEADER];
  accounts.forEach((account, a) => {
    for (let back = 5; back >= 0; back--) {
      const first = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
      first.setUTCMonth(first.getUTCMonth() - back);
      for (const [k, day] of [1, 8, 15, 22].entries()) {
        const date = new Date(first.getTime() + (day - 1) * DAY_MS).toISOString().slice(0, 10);
        if (date > today || (account.since !== undefined && date < account.since)) continue;
        const lots = (1.5 + ((back * 7 + k * 3 + a) % 9) * 0.75).toFixed(2);
        const usd = a % 2 === 1 && k % 2 === 1;
        const amount = usd
          ? (Number(lots) * 4.5).toFixed(2)
          : String(Math.round(Number(lots) * 640));
        const key = `demo-${account.accountNumber}-${date}`;
        lines.push(
          [
            date,
            account.brokerCode,
            account.accountNumber,
            lots,
            amount,
            usd ? "USD" : "JPY",
            key,
          ].join(","),
        );
      }
    }
  });
  return lines.join("\n") + "\n";
}

const REPORT_HEADER = "trade_date,broker,account,lots,amount,currency,row_key";

/** One weekly report of one broker, as the operator imports it, and when. */
export interface DemoImport {
  fileName: string;
  brokerCode: string;
  /** The Sunday that ends the (Monday to Sunday) trading week the report covers. */
  weekEnd: string;
  at: Date;
  content: string;
}

/** The Sunday ending the Monday-to-Sunday week of the day "YYYY-MM-DD". */
function weekEndOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0: Sunday
  return addDays(day, (7 - weekday) % 7);
}

/**
 * The demo report cut as an operator imports it: one file per broker and trading week, each
 * imported on the Tuesday after its week, in the morning (Tokyo), brokers half an hour apart;
 * never later than `now` (a week imported "this morning" at the latest). Oldest first.
 */
export function demoImports(report: string, now = new Date()): DemoImport[] {
  const groups = new Map<string, { brokerCode: string; weekEnd: string; rows: string[] }>();
  for (const line of report.trim().split("\n").slice(1)) {
    const [tradeDate, brokerCode] = line.split(",") as [string, string];
    const weekEnd = weekEndOf(tradeDate);
    const key = `${weekEnd} ${brokerCode}`;
    const group = groups.get(key) ?? { brokerCode, weekEnd, rows: [] };
    group.rows.push(line);
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
      return {
        fileName: `demo-rebate-${g.brokerCode}-${g.weekEnd}.csv`,
        brokerCode: g.brokerCode,
        weekEnd: g.weekEnd,
        at: planned.getTime() < latest ? planned : new Date(latest),
        content: [REPORT_HEADER, ...g.rows].join("\n") + "\n",
      };
    })
    .sort((x, y) => x.at.getTime() - y.at.getTime() || x.fileName.localeCompare(y.fileName));
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
  const report = demoReport(
    accounts.map((a) => ({
      brokerCode: a.brokerCode,
      accountNumber: a.accountNumber,
      since: tokyoDay(fromDbTime(a.created_at)),
    })),
  );
  const deps = { db, log: createLogger({ level: "silent" }) };
  for (const week of demoImports(report)) {
    const done = { file_name: week.fileName, status: "committed" };
    if (await existingId(db, "import_batches", done)) continue;
    await atTime(week.at, async () => {
      const preview = await previewImport(deps, people.adminId, {
        fileName: week.fileName,
        content: Buffer.from(week.content),
        usdRate: "150",
      });
      await commitImport(deps, people.adminId, preview.batchId);
    });
  }
}
