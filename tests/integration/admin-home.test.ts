import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { toDbTime } from "#db/time";
import { adminHome, workQueue } from "#server/features/admin/home";
import { builtinGrants } from "#server/auth/permissions";
import { tokyoMidnight } from "#domain/tokyo";
import { createAccount, createBroker } from "../helpers/cashback";
import { testEngine } from "../helpers/db";
import { fileDatabase } from "../helpers/file-db";
import { type Caller, callerFor, createUser, payingMember } from "../helpers/fixtures";
import { key } from "../helpers/money";

const t = fileDatabase({ ledgerMustBalance: true });
let admin: Caller;
let brokerId: string;
let accountNumber = 700_000;

beforeAll(async () => {
  admin = await callerFor(t.db, (await createUser(t.db, { permission: "admin" })).id);
  brokerId = await createBroker(t.db, "HOMEFX", "Home FX");
});

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** Moves a row's arrival back in time: the queue's age is the oldest row's created_at. */
async function arrivedAt(table: string, id: string, at: Date) {
  await sql`update ${sql.table(table)} set created_at = ${toDbTime(at)} where id = ${id}`.execute(
    t.db.kysely,
  );
}

const queueOf = async (now = new Date()) =>
  Object.fromEntries((await workQueue(t.db, builtinGrants.owner, now)).map((q) => [q.queue, q]));

describe(`admin home on ${testEngine}`, () => {
  it("an empty queue says nothing waits, with no age", async () => {
    const queue = await admin.admin.home();
    expect(queue.queue.map((q) => [q.queue, q.count, q.oldestMinutes])).toEqual([
      ["withdrawals", 0, null],
      ["transfers", 0, null],
      ["accounts", 0, null],
      ["licences", 0, null],
      ["eaAccounts", 0, null],
      ["chats", 0, null],
    ]);
    expect(await admin.admin.pendingCounts()).toEqual({
      withdrawals: 0,
      transfers: 0,
      accounts: 0,
      licences: 0,
      eaAccounts: 0,
    });
  });

  it("counts every member's pending items and the oldest one's age, and nothing decided", async () => {
    const a = await payingMember(t.db, 50_000);
    const b = await payingMember(t.db, 50_000);
    const now = new Date();

    // Withdrawals: two of A's and one of B's wait; A's rejected and B's cancelled do not.
    const withdraw = (m: typeof a, amount: number) =>
      m.caller.wallet.requestWithdrawal({ amount, requestKey: key(), method: "bank" });
    const oldestWithdrawal = await withdraw(a, 1_000);
    await withdraw(a, 2_000);
    await withdraw(b, 3_000);
    const rejected = await withdraw(a, 4_000);
    await admin.wallet.rejectWithdrawal({ id: rejected.id, reason: "口座名義の不一致" });
    const cancelled = await withdraw(b, 5_000);
    await b.caller.wallet.cancelWithdrawal({ id: cancelled.id });
    await arrivedAt("withdrawals", oldestWithdrawal.id, new Date(now.getTime() - 2 * DAY));

    // Transfers: B's to A waits; A's to B was refused.
    const waiting = await b.caller.wallet.requestTransfer({
      email: a.email,
      amount: 1_000,
      message: "",
      requestKey: key(),
    });
    const refused = await a.caller.wallet.requestTransfer({
      email: b.email,
      amount: 1_000,
      message: "",
      requestKey: key(),
    });
    await admin.wallet.denyTransfer({ id: refused.id, reason: "確認できません" });
    await arrivedAt("transfers", waiting.id, new Date(now.getTime() - 3 * 60 * MINUTE));

    // Account applications: one each pending; approved and denied ones are decided.
    const accountA = await createAccount(t.db, a.id, brokerId, String(accountNumber++), "pending");
    await createAccount(t.db, b.id, brokerId, String(accountNumber++), "pending");
    const approvedA = await createAccount(t.db, a.id, brokerId, String(accountNumber++));
    const approvedB = await createAccount(t.db, b.id, brokerId, String(accountNumber++));
    await createAccount(t.db, b.id, brokerId, String(accountNumber++), "denied");
    await arrivedAt("broker_accounts", accountA, new Date(now.getTime() - 5 * DAY));

    // Licence requests: A's waits; B's was rejected.
    const ea = await admin.eas.create({
      ea: {
        name: "Queue EA",
        developer: "FX Labs",
        description: "",
        category: "trend",
        accountType: "regular",
        active: true,
      },
      file: {
        version: "1.0",
        fileName: "Queue.ex4",
        bytes: new Uint8Array([0x01, 0x02, 0x00, 0x00, 0x41]),
      },
    });
    const asked = await a.caller.eas.requestLicense({ eaId: ea.id, accountId: approvedA });
    const rejectedLicence = await b.caller.eas.requestLicense({
      eaId: ea.id,
      accountId: approvedB,
    });
    await admin.eas.reject({ id: rejectedLicence.id, reason: "口座が対象外です" });
    await arrivedAt("ea_licenses", asked.id, new Date(now.getTime() - 45 * MINUTE));

    // EA-dedicated account requests: A's waits; B's was denied.
    const dedicated = await a.caller.eas.requestDedicated({ accountId: approvedA });
    const deniedDedicated = await b.caller.eas.requestDedicated({ accountId: approvedB });
    await admin.eas.denyAccountRequest({ id: deniedDedicated.id, reason: "対象外の口座です" });
    await arrivedAt("ea_account_requests", dedicated.id, new Date(now.getTime() - 90 * MINUTE));

    // Chats: A's thread has two unread messages; B's was read by support, and support's own
    // reply there is no work either (replying marks the thread read up to the reply).
    const first = await a.caller.chat.send({ body: "出金はいつ届きますか" });
    await a.caller.chat.send({ body: "よろしくお願いします" });
    const bMessage = await b.caller.chat.send({ body: "解決しました" });
    await admin.chat.admin.markRead({ memberId: b.id, upto: bMessage.id });
    await admin.chat.admin.send({ memberId: b.id, body: "承知しました" });
    await arrivedAt("chat_messages", first.id, new Date(now.getTime() - 26 * 60 * MINUTE));

    const queue = await queueOf(now);
    expect(queue.withdrawals).toEqual({
      queue: "withdrawals",
      count: 3,
      oldestMinutes: 2 * 24 * 60,
    });
    expect(queue.transfers).toEqual({ queue: "transfers", count: 1, oldestMinutes: 180 });
    expect(queue.accounts).toEqual({ queue: "accounts", count: 2, oldestMinutes: 5 * 24 * 60 });
    expect(queue.licences).toEqual({ queue: "licences", count: 1, oldestMinutes: 45 });
    expect(queue.eaAccounts).toEqual({ queue: "eaAccounts", count: 1, oldestMinutes: 90 });
    expect(queue.chats).toEqual({ queue: "chats", count: 1, oldestMinutes: 26 * 60 });
    expect(await admin.admin.pendingCounts()).toEqual({
      withdrawals: 3,
      transfers: 1,
      accounts: 2,
      licences: 1,
      eaAccounts: 1,
    });
    expect((await adminHome(t.db, builtinGrants.owner, now)).pendingWithdrawalAmount).toBe(6_000);

    // Deciding the oldest moves the age to the next one.
    await admin.wallet.rejectWithdrawal({ id: oldestWithdrawal.id, reason: "重複申請" });
    const after = await queueOf(now);
    expect(after.withdrawals!.count).toBe(2);
    expect(after.withdrawals!.oldestMinutes).toBeLessThan(24 * 60);
  });

  it("counts new members, not new admins", async () => {
    const before = (await admin.admin.home()).newMembers;
    await createUser(t.db);
    await createUser(t.db);
    await createUser(t.db, { permission: "admin" });
    const after = (await admin.admin.home()).newMembers;
    expect(after.today - before.today).toBe(2);
    expect(after.thisMonth - before.thisMonth).toBe(2);
  });

  it("charts cashback by Tokyo day, month and broker, and new members by Tokyo week", async () => {
    // Wednesday 2025-06-04 10:00 in Tokyo: before every row the other tests made, so only the
    // rows below fall in the charts' windows.
    const now = new Date("2025-06-04T01:00:00Z");
    const member = await createUser(t.db);
    const other = await createBroker(t.db, "OTHERFX", "Other FX");
    const account = await createAccount(t.db, member.id, brokerId, String(accountNumber++));
    const otherAccount = await createAccount(t.db, member.id, other, String(accountNumber++));
    const row = (acc: string, broker: string, amount: number) => ({
      broker_account_id: acc,
      user_id: member.id,
      broker_id: broker,
      amount,
      lots_milli: 1000,
      rows: 1,
    });
    const daily = (day: string, acc: string, broker: string, amount: number) =>
      t.db.kysely
        .insertInto("cashback_daily")
        .values({ ...row(acc, broker, amount), day })
        .execute();
    const monthly = (month: string, acc: string, broker: string, amount: number) =>
      t.db.kysely
        .insertInto("cashback_monthly")
        .values({ ...row(acc, broker, amount), month })
        .execute();
    await daily("2025-06-04", account, brokerId, 1_200);
    await daily("2025-06-04", otherAccount, other, 300);
    await daily("2025-05-06", account, brokerId, 700); // the first of the 30 days
    await daily("2025-05-05", account, brokerId, 999); // a day too old
    await daily("2025-06-05", account, brokerId, 999); // tomorrow
    await monthly("2025-06", account, brokerId, 1_900);
    await monthly("2025-06", otherAccount, other, 300);
    await monthly("2024-07", otherAccount, other, 5_000); // the first of the 12 months
    await monthly("2024-06", account, brokerId, 8_888); // a month too old
    await monthly("2025-07", account, brokerId, 8_888); // next month

    // Members who joined at a Tokyo week's edge: Monday 00:00 in Tokyo is Sunday 15:00 UTC.
    const joined = async (at: Date, permission: "member" | "admin" = "member") => {
      const { id } = await createUser(t.db, { permission });
      await arrivedAt("users", id, at);
    };
    const monday = tokyoMidnight("2025-06-02");
    await joined(monday);
    await joined(new Date(monday.getTime() + 2 * DAY));
    await joined(new Date(monday.getTime() - 1)); // last week's Sunday, 23:59:59.999 in Tokyo
    await joined(new Date(monday.getTime() + DAY), "admin"); // an admin is no member

    const { charts } = await adminHome(t.db, builtinGrants.owner, now);
    expect(charts.daily).toHaveLength(30);
    expect(charts.daily[0]).toEqual({ day: "2025-05-06", amount: 700 });
    expect(charts.daily[1]).toEqual({ day: "2025-05-07", amount: 0 });
    expect(charts.daily.at(-1)).toEqual({ day: "2025-06-04", amount: 1_500 });
    expect(charts.monthly).toHaveLength(12);
    expect(charts.monthly[0]).toEqual({ month: "2024-07", amount: 5_000 });
    expect(charts.monthly.at(-1)).toEqual({ month: "2025-06", amount: 2_200 });
    expect(charts.byBroker).toEqual([
      { brokerId: other, name: "Other FX", amount: 5_300 },
      { brokerId, name: "Home FX", amount: 1_900 },
    ]);
    expect(charts.newMembersWeekly).toHaveLength(12);
    expect(charts.newMembersWeekly[0]!.week).toBe("2025-03-17");
    expect(charts.newMembersWeekly.slice(-3)).toEqual([
      { week: "2025-05-19", count: 0 },
      { week: "2025-05-26", count: 1 },
      { week: "2025-06-02", count: 2 },
    ]);
  });
});
