import { beforeAll, describe, expect, it } from "vitest";
import { testEngine, rowWhere } from "../helpers/db";
import { fileDatabase } from "../helpers/file-db";
import { callerFor, createUser } from "../helpers/fixtures";
import { createAccount, createBroker, importsOf, previewedReport } from "../helpers/cashback";
import { walletOf } from "../helpers/money";

const t = fileDatabase({ ledgerMustBalance: true });
let adminId: string;
let admin: Awaited<ReturnType<typeof callerFor>>;
let imports: ReturnType<typeof importsOf>;
let xm: string;
beforeAll(async () => {
  adminId = (await createUser(t.db, { permission: "admin" })).id;
  admin = await callerFor(t.db, adminId);
  imports = importsOf(admin, t.db);
  xm = await createBroker(t.db, "XM", "XMTrading");
});

const GOOD = "Passw0rd-good!";
let seq = 0;

/** A member with a known referral code. */
async function referrer(): Promise<{ id: string; code: string }> {
  seq += 1;
  const code = `aff${String(seq).padStart(5, "0")}`;
  const user = await createUser(t.db, { referralCode: code });
  return { id: user.id, code };
}

/** A customer registered through the real registration, with the given link code or cookie. */
async function register(opts: { ref?: string; cookie?: string; nickname?: string }) {
  seq += 1;
  const email = `cust${seq}@example.test`;
  const caller = await callerFor(
    t.db,
    undefined,
    // Each customer from an address of their own: sign-ups are limited per address.
    {
      ip: `10.60.${Math.floor(seq / 250)}.${seq % 250}`,
      ...(opts.cookie ? { cookies: { ref: opts.cookie } } : {}),
    },
  );
  await caller.auth.register({
    name: "Hanako Yamada",
    nickname: opts.nickname ?? `cust${seq}`,
    email,
    password: GOOD,
    passwordConfirm: GOOD,
    agree: true,
    ...(opts.ref ? { ref: opts.ref } : {}),
  });
  const row = await rowWhere(t.db, "users", "email", email);
  return { ...row, email };
}

const importFile = (name: string, lines: string[]) => imports.report(name, lines);

async function rewardsOf(referrerId: string) {
  return t.db.kysely
    .selectFrom("affiliate_rewards")
    .select(["customer_id", "cashback_amount", "rate_bp", "amount", "trade_date"])
    .where("referrer_id", "=", referrerId)
    .orderBy("trade_date")
    .orderBy("cashback_amount")
    .execute();
}

/** The summaries agree with the raw rewards and with the referrer's wallet. */
async function summariesMatch(referrerId: string) {
  const raw = await rewardsOf(referrerId);
  const total = raw.reduce((s, r) => s + Number(r.amount), 0);
  const daily = await t.db.kysely
    .selectFrom("affiliate_daily")
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>("rewards"), eb.lit(0)).as("r"),
      eb.fn.coalesce(eb.fn.sum<number>("cashback"), eb.lit(0)).as("c"),
    ])
    .where("referrer_id", "=", referrerId)
    .executeTakeFirstOrThrow();
  const monthly = await t.db.kysely
    .selectFrom("affiliate_customer_monthly")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("rewards"), eb.lit(0)).as("r"))
    .where("referrer_id", "=", referrerId)
    .executeTakeFirstOrThrow();
  expect(Number(daily.r)).toBe(total);
  expect(Number(daily.c)).toBe(raw.reduce((s, r) => s + Number(r.cashback_amount), 0));
  expect(Number(monthly.r)).toBe(total);
  return total;
}

describe(`affiliate attribution on ${testEngine}`, () => {
  it("records the referrer from the link or the cookie; the first link (the cookie) wins", async () => {
    const a = await referrer();
    const b = await referrer();
    expect((await register({ ref: a.code })).referrer_id).toBe(a.id);
    expect((await register({ cookie: b.code })).referrer_id).toBe(b.id);
    // The cookie was left by the first link followed; a later link does not replace it.
    expect((await register({ cookie: a.code, ref: b.code })).referrer_id).toBe(a.id);
    // An unknown code (in the link or the cookie) is ignored, it does not block registration.
    expect((await register({ ref: "nobody00" })).referrer_id).toBeNull();
    expect((await register({ cookie: "nobody00", ref: b.code })).referrer_id).toBeNull();
    // Registrations are counted on the referrer's summary, in the registration's transaction.
    const rows = await t.db.kysely
      .selectFrom("affiliate_daily")
      .select(["referrer_id", "registrations"])
      .where("referrer_id", "in", [a.id, b.id])
      .execute();
    const byId = new Map(rows.map((r) => [r.referrer_id, Number(r.registrations)]));
    expect(byId.get(a.id)).toBe(2);
    expect(byId.get(b.id)).toBe(1);
  });

  it("refuses self-referral and never changes a code or a referrer afterwards", async () => {
    const a = await referrer();
    const c = await register({ ref: a.code });
    expect(c.referrer_id).toBe(a.id);
    expect(c.referral_code).toMatch(/^[a-z0-9]{4,16}$/);
    expect(c.referral_code).not.toBe(a.code);
    // A customer who is their own referrer (only possible by a damaged row) is never paid.
    const self = await referrer();
    await t.db.kysely
      .updateTable("users")
      .set({ referrer_id: self.id })
      .where("id", "=", self.id)
      .execute();
    await createAccount(t.db, self.id, xm, "990001");
    await importFile("self.csv", ["2026-10-01,XM,990001,1,5000,JPY,s1"]);
    expect(await rewardsOf(self.id)).toEqual([]);
    expect(await walletOf(t.db, self.id)).toEqual({ available: 5000, held: 0 });
    await t.db.kysely
      .updateTable("users")
      .set({ referrer_id: null })
      .where("id", "=", self.id)
      .execute();

    // The profile form cannot carry a code or a referrer: extra fields are dropped.
    const member = await callerFor(t.db, c.id);
    await member.profile.update({
      name: "New Name",
      nickname: "newnick",
      twitterUrl: "",
      rankingOptOut: false,
      ...({ referralCode: "hacked01", referrerId: self.id, referral_code: "x" } as object),
    } as Parameters<typeof member.profile.update>[0]);
    const after = await t.db.kysely
      .selectFrom("users")
      .select(["referral_code", "referrer_id"])
      .where("id", "=", c.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ referral_code: c.referral_code, referrer_id: a.id });
  });
});

describe(`affiliate rewards at import on ${testEngine}`, () => {
  it("pays floor(cashback × rate) per row, with the rate in force recorded; default and override", async () => {
    const a = await referrer();
    const b = await referrer();
    const c1 = await register({ ref: a.code });
    const c2 = await register({ ref: b.code });
    await createAccount(t.db, c1.id, xm, "700001");
    await createAccount(t.db, c2.id, xm, "700002");
    await admin.affiliate.setMemberRate({ userId: b.id, rate: "12.5" });

    await importFile("nov-a.csv", [
      "2026-11-01,XM,700001,1,1234,JPY,a1",
      "2026-11-02,XM,700001,1,999,JPY,a2",
      "2026-11-02,XM,700001,1,9,JPY,a3", // 10% of 9 is 0: no reward row
      "2026-11-03,XM,700002,1,1001,JPY,b1",
    ]);
    // Default 10%: 123 + 99 (+ 0); override 12.5%: floor(125.125) = 125.
    expect((await rewardsOf(a.id)).map((r) => [Number(r.amount), Number(r.rate_bp)])).toEqual([
      [123, 1000],
      [99, 1000],
    ]);
    expect((await rewardsOf(b.id)).map((r) => [Number(r.amount), Number(r.rate_bp)])).toEqual([
      [125, 1250],
    ]);
    expect(await walletOf(t.db, a.id)).toEqual({ available: 222, held: 0 });
    expect(await walletOf(t.db, b.id)).toEqual({ available: 125, held: 0 });
    // The customers get their full cashback: the reward is the house's money, not theirs.
    expect(await walletOf(t.db, c1.id)).toEqual({ available: 1234 + 999 + 9, held: 0 });
    expect(await summariesMatch(a.id)).toBe(222);
    expect(await summariesMatch(b.id)).toBe(125);

    // A new default applies to the next cashback; the rewards already paid keep their rate.
    await admin.affiliate.setDefaultRate({ rate: "20" });
    await importFile("nov-b.csv", ["2026-11-05,XM,700001,1,1000,JPY,a4"]);
    expect((await rewardsOf(a.id)).map((r) => Number(r.rate_bp))).toEqual([1000, 1000, 2000]);
    expect(await walletOf(t.db, a.id)).toEqual({ available: 422, held: 0 });
    await admin.affiliate.setDefaultRate({ rate: "10" });
    // Removing the override puts the member back on the default.
    await admin.affiliate.setMemberRate({ userId: b.id, rate: "" });
    expect((await admin.affiliate.referrer({ userId: b.id })).rateBp).toBeNull();

    const audit = await t.db.kysely
      .selectFrom("audit_log")
      .select(["action", "target_id", "actor_id"])
      .where("action", "like", "affiliate.rate.%")
      .execute();
    expect(audit.map((r) => r.action).sort()).toEqual([
      "affiliate.rate.default",
      "affiliate.rate.default",
      "affiliate.rate.member",
      "affiliate.rate.member",
    ]);
    expect(audit.every((r) => r.actor_id === adminId)).toBe(true);
  });

  it("never pays twice: the same file, an overlapping file, a re-run", async () => {
    const a = await referrer();
    const c = await register({ ref: a.code });
    await createAccount(t.db, c.id, xm, "710001");
    const lateId = await createAccount(t.db, c.id, xm, "710002", "pending");
    const lines = ["2026-09-01,XM,710001,1,1000,JPY,o1", "2026-09-02,XM,710001,1,2000,JPY,o2"];
    await importFile("sep.csv", lines);
    expect(await walletOf(t.db, a.id)).toEqual({ available: 300, held: 0 });

    // The same file again: every row is a duplicate, nothing is paid.
    expect(await importFile("sep-again.csv", lines)).toMatchObject({ rows: 0, amount: 0 });
    expect(await walletOf(t.db, a.id)).toEqual({ available: 300, held: 0 });

    // Overlapping: one old row, one new row, one for an account still pending.
    const overlap = await importFile("sep-overlap.csv", [
      lines[1]!,
      "2026-09-03,XM,710001,1,500,JPY,o3",
      "2026-09-03,XM,710002,1,4000,JPY,o4",
    ]);
    expect(overlap).toMatchObject({ rows: 1, amount: 500 });
    expect(await walletOf(t.db, a.id)).toEqual({ available: 350, held: 0 });

    // The pending account is approved: the re-run pays the cashback and its reward once.
    await t.db.kysely
      .updateTable("broker_accounts")
      .set({ status: "approved" })
      .where("id", "=", lateId)
      .execute();
    expect(await imports.rerun({ batchId: overlap.batchId })).toEqual({
      rows: 1,
      amount: 4000,
    });
    expect(await imports.rerun({ batchId: overlap.batchId })).toEqual({
      rows: 0,
      amount: 0,
    });
    expect(await walletOf(t.db, a.id)).toEqual({ available: 750, held: 0 });
    expect((await rewardsOf(a.id)).length).toBe(4);
    expect(await summariesMatch(a.id)).toBe(750);
  });

  it("pays nothing for a pending or denied account, nor for a customer nobody referred", async () => {
    const a = await referrer();
    const c = await register({ ref: a.code });
    const nobody = await register({});
    await createAccount(t.db, c.id, xm, "720001", "pending");
    await createAccount(t.db, c.id, xm, "720002", "denied");
    await createAccount(t.db, nobody.id, xm, "720003");
    const matched = await createAccount(t.db, c.id, xm, "720004");
    // Matched at preview, denied before the commit: the referrer is not paid for it.
    const p = await previewedReport(t.db, admin, "deny.csv", [
      "2026-08-01,XM,720001,1,1000,JPY,d1",
      "2026-08-01,XM,720002,1,1000,JPY,d2",
      "2026-08-01,XM,720003,1,1000,JPY,d3",
      "2026-08-01,XM,720004,1,1000,JPY,d4",
    ]);
    await t.db.kysely
      .updateTable("broker_accounts")
      .set({ status: "denied", live_number: null })
      .where("id", "=", matched)
      .execute();
    await imports.commit({ batchId: p.batchId });
    expect(await rewardsOf(a.id)).toEqual([]);
    expect(await walletOf(t.db, a.id)).toEqual({ available: 0, held: 0 });
    expect(await summariesMatch(a.id)).toBe(0);
  });
});

describe(`affiliate pages on ${testEngine}`, () => {
  it("shows the referrer their customers and rewards, never another member's email or account numbers", async () => {
    const a = await referrer();
    const c = await register({ ref: a.code, nickname: "tanaka" });
    await createAccount(t.db, c.id, xm, "730001");
    await createAccount(t.db, c.id, xm, "730002", "pending");
    const today = new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10);
    await importFile("today.csv", [`${today},XM,730001,1,3000,JPY,p1`]);

    const m = await callerFor(t.db, a.id);
    const summary = await m.affiliate.summary({ preset: "7d" });
    expect(summary).toMatchObject({
      registrations: 1,
      rewards: 300,
      accounts: { approved: 1, pending: 1, denied: 0 },
    });
    expect(summary.series).toHaveLength(7);
    expect(summary.series.at(-1)).toEqual({ label: today, registrations: 1, rewards: 300 });
    expect((await m.affiliate.summary({ preset: "thisYear" })).rewards).toBe(300);

    const link = await m.affiliate.link();
    expect(link.url).toMatch(new RegExp(`/r/${a.code}$`));
    expect(link.qr).toMatch(/^data:image\/png;base64,/);

    const customers = await m.affiliate.customers({});
    const rewards = await m.affiliate.rewards();
    expect(customers.rows).toEqual([
      {
        no: 1,
        name: "tanaka",
        registeredAt: expect.any(String),
        accounts: { approved: 1, pending: 1, denied: 0 },
      },
    ]);
    expect(rewards.perCustomer).toEqual([
      { name: "tanaka", cashback: 3000, rewards: 300, lastMonth: today.slice(0, 7) },
    ]);
    expect(rewards.perMonth).toEqual([
      { month: today.slice(0, 7), customers: 1, cashback: 3000, rewards: 300 },
    ]);
    // Nothing the referrer receives carries the customer's email, id, real name or accounts.
    const everything = JSON.stringify({ summary, customers, rewards, link });
    for (const secret of [c.email, c.id, "730001", "730002", "Yamada"]) {
      expect(everything).not.toContain(secret);
    }
    // Another member's customers are not theirs to see.
    const other = await callerFor(t.db, (await referrer()).id);
    expect((await other.affiliate.customers({})).rows).toEqual([]);
    expect((await other.affiliate.rewards()).perCustomer).toEqual([]);
    // Admin procedures are refused to a member.
    await expect(m.affiliate.referrers({})).rejects.toMatchObject({ code: "FORBIDDEN" });

    const list = await admin.affiliate.referrers({ q: a.code });
    expect(list.rows).toEqual([
      expect.objectContaining({ id: a.id, customers: 1, rewards: 300, rateBp: null }),
    ]);
  });
});
