import type { Db } from "#db";
import { newId } from "#db/id";
import { toDbTime } from "#db/time";
import { atTime } from "#db/clock";
import { commitImport } from "#server/features/cashback/jobs";
import { previewImport } from "#server/features/cashback/preview";
import { createLogger } from "#server/logger";
import { tokyoDay } from "#domain/tokyo";
import { demoImports, seedImportProfiles } from "./cashback";
import { DEMO_SHAPES, SYMBOLS, type DemoTrade, ticketOf } from "./reports";
import { DAY_MS, existingId, tokyoMomentAgo } from "./support";

/**
 * The rest of the demo's members: seventeen people who registered over the six months, each
 * with an XM account, trading from a few weeks after they joined, so the ranking lists about
 * twenty members with amounts of their own instead of three. Their cashback comes in through
 * the same import as the demo member's (a file a month of their own, "demo-rebate-crowd-…").
 */
export const DEMO_CROWD = [
  { nickname: "kaito", name: "Kaito Mori", joined: 178, lots: 6.5 },
  { nickname: "riko", name: "Riko Abe", joined: 171, lots: 2.25 },
  { nickname: "fxhiro", name: "Hiroshi Kato", joined: 165, lots: 9.75 },
  { nickname: "nana", name: "Nana Ishii", joined: 158, lots: 1.5 },
  { nickname: "daichi", name: "Daichi Ono", joined: 150, lots: 4.0 },
  { nickname: "scalper_k", name: "Kenta Shimizu", joined: 142, lots: 12.5 },
  { nickname: "mio", name: "Mio Fujita", joined: 131, lots: 3.25 },
  { nickname: "ren", name: "Ren Hayashi", joined: 120, lots: 5.5 },
  { nickname: "aoi", name: "Aoi Saito", joined: 109, lots: 0.75 },
  { nickname: "takumi", name: "Takumi Yoshida", joined: 98, lots: 7.25 },
  { nickname: "hina", name: "Hina Matsumoto", joined: 86, lots: 2.75 },
  { nickname: "sho", name: "Sho Inoue", joined: 74, lots: 8.5 },
  { nickname: "yuna", name: "Yuna Kimura", joined: 63, lots: 1.25 },
  { nickname: "goldtrader", name: "Ryo Yamaguchi", joined: 51, lots: 10.0 },
  { nickname: "emi", name: "Emi Nakamura", joined: 40, lots: 3.75 },
  { nickname: "haru", name: "Haruto Kobayashi", joined: 28, lots: 5.0 },
  { nickname: "saki", name: "Saki Watanabe", joined: 16, lots: 2.0 },
] as const;

/** The crowd's login email (they share the demo members' password). */
export const crowdEmail = (nickname: string) => `${nickname.replace(/_/g, "-")}@example.com`;

/** Each crowd member's XM account number: after the seeded accounts' numbers. */
const accountNumber = (i: number) => String(900_101 + i);

/**
 * The crowd members' XM accounts, approved two days after they joined, and their cashback:
 * four trading days a month from a week after approval, lots of their own (a ranking with a
 * spread), imported week by week at the demo imports' moments. Safe to run again: an account
 * or a week's file already there is not added twice.
 */
export async function seedCrowdTrading(
  db: Db,
  { adminId, members }: { adminId: string; members: { id: string; joined: number }[] },
) {
  const xm = await existingId(db, "brokers", { code: "xm" });
  if (!xm) return;
  const now = Date.now();
  const today = tokyoDay(new Date(now));
  const trades: DemoTrade[] = [];
  for (const [i, member] of members.entries()) {
    const person = DEMO_CROWD[i]!;
    const number = accountNumber(i);
    const approvedAt = tokyoMomentAgo(Math.max(0, member.joined - 2), 18, 10 + i, now);
    if (!(await existingId(db, "broker_accounts", { broker_id: xm, account_number: number }))) {
      const at = toDbTime(approvedAt);
      await db.kysely
        .insertInto("broker_accounts")
        .values({
          id: newId(),
          user_id: member.id,
          broker_id: xm,
          account_number: number,
          live_number: number,
          account_type: "Standard",
          status: "approved",
          deny_reason: null,
          decided_at: at,
          decided_by: adminId,
          created_at: at,
          updated_at: at,
        })
        .execute();
    }
    const since = tokyoDay(new Date(approvedAt.getTime() + 7 * DAY_MS));
    for (let back = 5; back >= 0; back--) {
      const first = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
      first.setUTCMonth(first.getUTCMonth() - back);
      for (const [k, day] of [3, 10, 17, 24].entries()) {
        const date = new Date(first.getTime() + (day - 1) * DAY_MS).toISOString().slice(0, 10);
        if (date > today || date < since) continue;
        // A month busier or quieter than the member's usual, in quarter lots.
        // Smaller traders than the demo's own three, so the demo member still places (and wins
        // last month's battle prize) above them.
        const quarterLots = Math.max(1, Math.round(person.lots * 1.2) + ((back + k + i) % 5) - 2);
        trades.push({
          tradeDate: date,
          brokerCode: "xm",
          accountNumber: number,
          lotsMilli: quarterLots * 250,
          symbol: SYMBOLS[(back + k + i) % SYMBOLS.length]!,
          // Tickets after the demo accounts' own (which count from 01).
          ticket: ticketOf(date, 50 + i),
        });
      }
    }
  }
  if (trades.length === 0) return;
  // One file a month for the crowd (their weeks merged, imported with the month's last weekly
  // report): the ranking needs their totals, not their weeks, and the seed stays quick.
  const byMonth = new Map<string, DemoTrade[]>();
  for (const week of demoImports(trades, new Date(now))) {
    const month = week.weekEnd.slice(0, 7);
    byMonth.set(month, [...(byMonth.get(month) ?? []), ...week.trades]);
  }
  const shape = DEMO_SHAPES.get("xm")!;
  const weeks = demoImports(trades, new Date(now))
    .filter(
      (w, i, all) => all.findLast((o) => o.weekEnd.slice(0, 7) === w.weekEnd.slice(0, 7)) === w,
    )
    .map((w) => {
      const monthTrades = byMonth.get(w.weekEnd.slice(0, 7))!;
      return {
        ...w,
        fileName: `demo-rebate-crowd-xm-${w.weekEnd.slice(0, 7)}.${shape.ext}`,
        content: shape.write(monthTrades),
      };
    });
  const profiles = await seedImportProfiles(db, adminId);
  const deps = { db, log: createLogger({ level: "silent" }) };
  for (const week of weeks) {
    if (await existingId(db, "import_batches", { file_name: week.fileName, status: "committed" }))
      continue;
    // A few minutes after the demo member's file of the same week.
    await atTime(new Date(Math.min(week.at.getTime() + 7 * 60_000, now - 30_000)), async () => {
      const preview = await previewImport(deps, adminId, {
        fileName: week.fileName,
        content: week.content,
        usdRate: "150",
        profileId: profiles.get("xm")!,
      });
      await commitImport(deps, adminId, preview.batchId);
    });
  }
}
