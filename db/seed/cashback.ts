import type { Db } from "../index";
import { commitImport } from "../../server/features/cashback/jobs";
import { previewImport } from "../../server/features/cashback/preview";
import { createLogger } from "../../server/logger";
import { tokyoDay } from "../../server/domain/tokyo";
import { DAY_MS, existingId } from "./support";

/** The demo report's file name: its committed batch marks the demo import as done. */
export const DEMO_REPORT_FILE = "demo-rebate-report.csv";

/**
 * A broker report for the given accounts: four trading days a month over the last six Tokyo
 * months (never after today), JPY rows and, for every other account, USD rows at the batch's
 * rate, each with its own row key.
 */
export function demoReport(
  accounts: { brokerCode: string; accountNumber: string }[],
  now = new Date(),
): string {
  const today = tokyoDay(now);
  const lines = ["trade_date,broker,account,lots,amount,currency,row_key"];
  accounts.forEach((account, a) => {
    for (let back = 5; back >= 0; back--) {
      const first = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
      first.setUTCMonth(first.getUTCMonth() - back);
      for (const [k, day] of [1, 8, 15, 22].entries()) {
        const date = new Date(first.getTime() + (day - 1) * DAY_MS).toISOString().slice(0, 10);
        if (date > today) continue;
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

/**
 * The demo member's cashback, through the real import (preview, then commit), so the
 * dashboard, the history, the summaries and the monthly chart have something to show. Runs
 * once: a committed demo batch means it is done; even without that check, the engine's
 * duplicate protection would credit nothing the second time.
 */
export async function seedCashback(
  db: Db,
  people: { adminId: string; memberId: string; others?: string[] },
) {
  const done = { file_name: DEMO_REPORT_FILE, status: "committed" };
  if (await existingId(db, "import_batches", done)) return;
  const accounts = await db.kysely
    .selectFrom("broker_accounts")
    .innerJoin("brokers", "brokers.id", "broker_accounts.broker_id")
    .select(["brokers.code as brokerCode", "broker_accounts.account_number as accountNumber"])
    .where("broker_accounts.user_id", "in", [people.memberId, ...(people.others ?? [])])
    .where("broker_accounts.status", "=", "approved")
    .orderBy("broker_accounts.created_at")
    .execute();
  if (accounts.length === 0) return;
  const deps = { db, log: createLogger({ level: "silent" }) };
  const preview = await previewImport(deps, people.adminId, {
    fileName: DEMO_REPORT_FILE,
    content: Buffer.from(demoReport(accounts)),
    usdRate: "150",
  });
  await commitImport(deps, people.adminId, preview.batchId);
}
