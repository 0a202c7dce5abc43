/** The import benchmark's data: its members and accounts, and the report files it imports. */
import { writeFileSync } from "node:fs";
import path from "node:path";
import type { Db } from "#db";
import { newId } from "#db/id";
import { DEMO_SHAPES } from "#tools/seed/reports";
import { saveProfile } from "#server/features/cashback/profiles";
import { createBroker } from "../tests/helpers/cashback";

/**
 * The benchmark's members (and an admin), each with an approved account at XM and at a second
 * broker whose report is read by a profile and priced at 40 % of the IB commission.
 */
export async function seedBench(db: Db, accountCount: number, now: string) {
  const brokerId = await createBroker(db, "XM", "XMTrading");
  const adminId = newId();
  const users: { id: string; email: string; nickname: string; permission: "admin" | "member" }[] = [
    { id: adminId, email: "admin@bench.test", nickname: "admin", permission: "admin" },
  ];
  for (let i = 0; i < accountCount; i++)
    users.push({
      id: newId(),
      email: `m${i}@bench.test`,
      nickname: `m${i}`,
      permission: "member",
    });
  for (let i = 0; i < users.length; i += 1000) {
    await db.kysely
      .insertInto("users")
      .values(
        users.slice(i, i + 1000).map((u) => ({
          ...u,
          email_verified_at: now,
          password_hash: "x",
          name: "Bench",
          language: "ja" as const,
          ranking_opt_out: 0,
          // An admin holds a role, or the admin area answers 403: the bench's admin is an owner.
          admin_role_id: u.permission === "admin" ? "owner" : null,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  }
  const accounts = users
    .slice(1)
    .map((u, i) => ({ id: newId(), user_id: u.id, number: String(1_000_000 + i) }));
  await insertApprovedAccounts(db, accounts, now, { brokerId, accountType: null, keepIds: true });

  // The second broker, whose report is read by a profile and priced at 40 % of the IB
  // commission; the same members hold an account there, of the rate's type.
  const pctBrokerId = await createBroker(db, "PCT", "Percent Markets");
  await db.kysely
    .insertInto("broker_rates")
    .values([
      {
        id: newId(),
        broker_id: pctBrokerId,
        account_type: "Standard",
        kind: "spread_percent",
        value_x100: 4_000,
        display_order: 0,
      },
      {
        id: newId(),
        broker_id: pctBrokerId,
        account_type: "Pro",
        kind: "usd_per_lot",
        value_x100: 450,
        display_order: 1,
      },
    ])
    .execute();
  await insertApprovedAccounts(db, accounts, now, {
    brokerId: pctBrokerId,
    accountType: "Standard",
    keepIds: false,
  });
  // The demo's Exness profile (semicolons, day-first dates, decimal commas): the benchmark reads
  // the shape the demo and its golden tests read.
  const { id: profileId } = await saveProfile(db, adminId, {
    ...DEMO_SHAPES.get("exness")!.profile,
    name: "Percent Markets IB report",
    brokerId: pctBrokerId,
  });
  return { brokerId, adminId, accounts, profileId };
}

/**
 * The members' approved accounts at a broker, a thousand rows a statement. The first broker's
 * rows keep the ids in `accounts` (the benchmark refers to them); another broker's get new ones.
 */
async function insertApprovedAccounts(
  db: Db,
  accounts: Account[],
  now: string,
  at: { brokerId: string; accountType: string | null; keepIds: boolean },
) {
  for (let i = 0; i < accounts.length; i += 1000) {
    await db.kysely
      .insertInto("broker_accounts")
      .values(
        accounts.slice(i, i + 1000).map((a) => ({
          id: at.keepIds ? a.id : newId(),
          user_id: a.user_id,
          broker_id: at.brokerId,
          account_number: a.number,
          live_number: a.number,
          account_type: at.accountType,
          status: "approved",
          deny_reason: null,
          decided_at: now,
          decided_by: null,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  }
}

/** One report row: trade date, broker, account, lots, amount, currency, row key. */
export type Row = [string, string, string, string, string, string, string];
export type Account = { id: string; user_id: string; number: string };

export function reportRows(accounts: Account[], rowCount: number) {
  const ACCOUNTS = accounts.length;
  const ROWS = rowCount;
  // The report: each account trades on several days; rows in date order like a broker's file.
  // Made row by row wherever it is needed, never held whole.
  const recordOf = (i: number): Row => [
    `2026-10-${String(1 + (Math.floor(i / ACCOUNTS) % 28)).padStart(2, "0")}`,
    "XM",
    accounts[i % ACCOUNTS]!.number,
    ((i % 97) / 10).toFixed(2),
    String(100 + (i % 5000)),
    "JPY",
    `r${i}`,
  ];
  const slices = function* (size: number) {
    for (let i = 0; i < ROWS; i += size)
      yield Array.from({ length: Math.min(size, ROWS - i) }, (_, j) => recordOf(i + j));
  };
  return { recordOf, slices };
}

/** The report in the built-in shape and again in the second broker's; returns the two files. */
export function writeReports(work: string, slices: (size: number) => Generator<Row[]>) {
  const reportFile = path.join(work, "report.csv");
  writeFileSync(reportFile, "trade_date,broker,account,lots,amount,currency,row_key\n");
  for (const slice of slices(10_000))
    writeFileSync(reportFile, slice.map((r) => `${r.join(",")}\n`).join(""), { flag: "a" });

  // The same rows in the second broker's shape: day-first dates with a time, decimal commas,
  // the IB commission in dollars (the built-in report's amount / 60, to the cent).
  const profileFile = path.join(work, "report-profile.csv");
  writeFileSync(
    profileFile,
    "Order;Client account;Instrument;Close time;Volume (lots);Reward;Reward currency\n",
  );
  for (const slice of slices(10_000))
    writeFileSync(
      profileFile,
      slice
        .map((r) => {
          const [yyyy, mm, dd] = r[0].split("-");
          const cents = Math.round((Number(r[4]) * 100) / 60);
          const reward = `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, "0")}`;
          return `${r[6]};${r[2]};EURUSD;${dd}/${mm}/${yyyy} 13:45;${r[3].replace(".", ",")};${reward};USD\n`;
        })
        .join(""),
      { flag: "a" },
    );
  return { reportFile, profileFile };
}
