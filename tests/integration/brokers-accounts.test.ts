import { describe, expect, it } from "vitest";
import { newId } from "#db/id";
import { nowDb } from "#db/time";
import { testEngine } from "../helpers/db";
import { brokersSuite } from "../helpers/brokers-suite";
import { callerFor, createUser } from "../helpers/fixtures";
import { errorMessage } from "../helpers/messages";

const suite = brokersSuite();
const { t, storage, brokers, member, outcome } = suite;

/** How the member's adding `accountNumber` at the broker ends: "ok" or the refusal. */
const adding = (m: Awaited<ReturnType<typeof member>>, brokerId: string, accountNumber: string) =>
  outcome(m.caller.brokers.accounts.add({ brokerId, accountNumber }));

describe(`adding a cashback account on ${testEngine}`, () => {
  it("lists the active brokers in the admin's order, with each one's id rule", async () => {
    const m = await member();
    const active = await m.caller.brokers.active();
    expect(active.map((b) => b.code)).toEqual(["xm", "titanfx", "exness", "errante"]);
    expect(active.find((b) => b.code === "titanfx")?.rule).toEqual({
      key: "accountId.digits",
      params: { kind: "customer_id", min: 6, max: 8 },
    });
    expect(active.find((b) => b.code === "exness")?.rule.key).toBe("accountId.alnumExact");
  });

  it("MT4/MT5 brokers: 5 or 6 letters or digits", async () => {
    const m = await member();
    for (const number of ["12345", "AB1234", "ab12c"]) {
      expect(await adding(m, brokers.xm!, number)).toBe("ok");
    }
    for (const number of ["1234", "1234567", "12-45", "12 45", "ＡＢ"]) {
      expect(await adding(m, brokers.xm!, number), number).toBe("accountId.mt");
    }
    expect(await errorMessage("accountId.mt")).toEqual({
      ja: "口座番号は半角英数字5桁または6桁で入力してください",
      en: "The account number must be 5 or 6 letters or digits (half-width)",
    });
  });

  it("customer id and UID brokers: the broker's own characters and length", async () => {
    const m = await member();
    expect(await adding(m, brokers.titan!, "1234567")).toBe("ok");
    const refused = await adding(m, brokers.titan!, "12345");
    expect(refused).toEqual({
      key: "accountId.digits",
      params: { kind: "customer_id", min: 6, max: 8 },
    });
    expect(await errorMessage("accountId.digits", { kind: "customer_id", min: 6, max: 8 })).toEqual(
      {
        ja: "顧客IDは半角数字6〜8桁で入力してください",
        en: "The customer ID must be 6–8 half-width digits",
      },
    );
    expect(await adding(m, brokers.titan!, "12345A")).toMatchObject({ key: "accountId.digits" });
    expect(await adding(m, brokers.exness!, "a1b2c3d4")).toBe("ok");
    expect(await adding(m, brokers.exness!, "a1b2c3d")).toEqual({
      key: "accountId.alnumExact",
      params: { kind: "uid", min: 8, max: 8 },
    });
    expect(await errorMessage("accountId.alnumExact", { kind: "uid", min: 8, max: 8 })).toEqual({
      ja: "UIDは半角英数字8桁で入力してください",
      en: "The UID must be 8 half-width letters or digits",
    });
  });

  it("normalises full-width characters and case, so one account is never two", async () => {
    const m = await member();
    const added = await m.caller.brokers.accounts.add({
      brokerId: brokers.xm!,
      accountNumber: " ｘｙ１２３４ ",
    });
    expect(added.accountNumber).toBe("XY1234");
    const other = await member();
    expect(await adding(other, brokers.xm!, "xy1234")).toBe("accountTaken");
  });

  it("requires a company, and refuses an unknown or deactivated one the same way", async () => {
    const m = await member();
    for (const brokerId of ["", newId(), brokers.gone!, "not an id"]) {
      expect(await adding(m, brokerId, "55555"), brokerId).toEqual({
        brokerId: "brokerRequired",
      });
    }
    expect(await adding(m, brokers.xm!, "")).toEqual({
      accountNumber: "required",
    });
  });

  it("needs no application at an auto-rebate broker (Errante) and says so", async () => {
    const m = await member();
    expect(await adding(m, brokers.errante!, "12345")).toEqual({
      key: "autoRebateBroker",
      params: { broker: "Errante" },
    });
    expect(await errorMessage("autoRebateBroker", { broker: "Errante" })).toEqual({
      ja: "Erranteの口座は自動でリベートが付与されるため、申請は不要です",
      en: "Errante accounts earn rebates automatically, so no application is needed",
    });
  });

  it("refuses an account already registered, by anyone, with its message", async () => {
    const a = await member();
    const b = await member();
    await a.caller.brokers.accounts.add({ brokerId: brokers.xm!, accountNumber: "77777" });
    expect(await adding(b, brokers.xm!, "77777")).toBe("accountTaken");
    expect(await adding(a, brokers.xm!, "77777")).toBe("accountTaken");
    // The same number at another broker is another account.
    expect(await adding(b, brokers.titan!, "777770")).toBe("ok");
    expect(await errorMessage("accountTaken")).toEqual({
      ja: "この口座はすでに登録されています",
      en: "This account is already registered",
    });
  });

  it("lets two members race for one account: exactly one wins, the other is told it is registered", async () => {
    for (let round = 0; round < 8; round++) {
      const racers = await Promise.all([member(), member(), member()]);
      const number = `9${String(round).padStart(4, "0")}`;
      const results = await Promise.allSettled(
        racers.map((r) =>
          r.caller.brokers.accounts.add({ brokerId: brokers.xm!, accountNumber: number }),
        ),
      );
      const won = results.filter((r) => r.status === "fulfilled");
      const lost = results.filter((r) => r.status === "rejected");
      expect(won, `round ${round}`).toHaveLength(1);
      for (const r of lost) {
        expect((r as PromiseRejectedResult).reason).toMatchObject({
          code: "CONFLICT",
          key: "accountTaken",
        });
      }
      const rows = await t.db.kysely
        .selectFrom("broker_accounts")
        .select("id")
        .where("broker_id", "=", brokers.xm!)
        .where("account_number", "=", number)
        .execute();
      expect(rows).toHaveLength(1);
    }
  });

  it("is unique in the database itself, not only in code", async () => {
    const a = await member();
    const b = await member();
    const row = (userId: string) => ({
      id: newId(),
      user_id: userId,
      broker_id: brokers.xm!,
      account_number: "31337",
      live_number: "31337",
      status: "pending" as const,
      deny_reason: null,
      decided_at: null,
      decided_by: null,
      created_at: nowDb(),
      updated_at: nowDb(),
    });
    await t.db.kysely.insertInto("broker_accounts").values(row(a.id)).execute();
    await expect(
      t.db.kysely.insertInto("broker_accounts").values(row(b.id)).execute(),
    ).rejects.toThrow();
    // Denied registrations (no live number) do not block each other or a new one.
    for (let i = 0; i < 2; i++) {
      await t.db.kysely
        .insertInto("broker_accounts")
        .values({ ...row(b.id), live_number: null, status: "denied" })
        .execute();
    }
  });
});

describe(`a member's accounts are their own on ${testEngine}`, () => {
  it("lists only the caller's accounts, whatever the input says", async () => {
    const a = await member();
    const b = await member();
    await a.caller.brokers.accounts.add({ brokerId: brokers.xm!, accountNumber: "70707" });
    const smuggled = { userId: a.id, user: a.id } as never;
    expect((await b.caller.brokers.accounts.mine(smuggled)).rows).toEqual([]);
    expect((await a.caller.brokers.accounts.mine({})).rows.map((r) => r.accountNumber)).toEqual([
      "70707",
    ]);
    await expect(b.caller.brokers.accounts.list({})).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});

describe(`the admin's account list on ${testEngine}`, () => {
  it("filters by status, broker, member and date, sorts and exports", async () => {
    const m = await createUser(t.db, {
      nickname: "filter_100%_me",
      email: "filter.me@example.test",
    });
    const caller = await callerFor(t.db, m.id, { storage });
    const a = await caller.brokers.accounts.add({
      brokerId: brokers.titan!,
      accountNumber: "8080801",
    });
    await caller.brokers.accounts.add({ brokerId: brokers.titan!, accountNumber: "8080802" });
    await suite.admin.brokers.accounts.decide({ ids: [a.id], decision: "approve" });

    const byMember = await suite.admin.brokers.accounts.list({ member: "FILTER.ME" });
    expect(byMember.total).toBe(2);
    expect(byMember.rows[0]).toMatchObject({ nickname: "filter_100%_me", brokerName: "TitanFX" });
    expect((await suite.admin.brokers.accounts.list({ member: "100%" })).total).toBe(2);
    // "%" and "_" are literal characters in a search, not wildcards.
    expect(
      (await suite.admin.brokers.accounts.list({ member: "%" })).rows.every((r) =>
        r.nickname.includes("%"),
      ),
    ).toBe(true);
    expect((await suite.admin.brokers.accounts.list({ member: m.id })).total).toBe(2);

    const approved = await suite.admin.brokers.accounts.list({
      member: "filter.me",
      status: "approved",
    });
    expect(approved.rows.map((r) => [r.accountNumber, r.decidedBy])).toEqual([
      ["8080801", "admin1"],
    ]);
    expect(
      (await suite.admin.brokers.accounts.list({ broker: brokers.exness!, member: "filter.me" }))
        .total,
    ).toBe(0);

    const today = new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10);
    expect(
      (await suite.admin.brokers.accounts.list({ member: "filter.me", from: today, to: today }))
        .total,
    ).toBe(2);
    expect(
      (await suite.admin.brokers.accounts.list({ member: "filter.me", to: "2020-01-01" })).total,
    ).toBe(0);
    // Junk in the URL turns a filter off instead of failing the page.
    expect(
      (
        await suite.admin.brokers.accounts.list({
          member: "filter.me",
          status: "bogus",
          from: "yesterday",
        })
      ).total,
    ).toBe(2);

    const sorted = await suite.admin.brokers.accounts.list({
      member: "filter.me",
      sort: "accountNumber",
      dir: "desc",
    });
    expect(sorted.rows.map((r) => r.accountNumber)).toEqual(["8080802", "8080801"]);

    const all = await suite.admin.brokers.accounts.list({ size: "10", export: true });
    const total = (await suite.admin.brokers.accounts.list({})).total;
    expect(all.rows).toHaveLength(total);
    expect(total).toBeGreaterThan(10);
  });
});

describe(`customers on ${testEngine}`, () => {
  it("finds members by name, nickname, email, uid and account number, never admins", async () => {
    const m = await createUser(t.db, {
      name: "Kenji Sato",
      nickname: "ケンジ",
      email: "kenji.sato@example.test",
    });
    const caller = await callerFor(t.db, m.id, { storage });
    await caller.brokers.accounts.add({ brokerId: brokers.xm!, accountNumber: "K2024A" });
    for (const q of ["kenji", "SATO", "ケン", "kenji.sato@", m.id, "k2024", "K2024A"]) {
      const page = await suite.admin.admin.customers.list({ q });
      expect(
        page.rows.map((r) => r.id),
        q,
      ).toContain(m.id);
    }
    const found = await suite.admin.admin.customers.list({ q: "kenji.sato" });
    expect(found.rows[0]).toMatchObject({ accountCount: 1, pendingCount: 1, emailVerified: true });
    expect((await suite.admin.admin.customers.list({ q: "admin1" })).total).toBe(0);
    expect(
      (await suite.admin.admin.customers.list({ q: "_" })).rows.every((r) =>
        /_/.test(r.nickname + r.name + r.email),
      ),
    ).toBe(true);
  });

  it("sorts and pages", async () => {
    const page1 = await suite.admin.admin.customers.list({ sort: "email", dir: "asc", size: "10" });
    const page2 = await suite.admin.admin.customers.list({
      sort: "email",
      dir: "asc",
      size: "10",
      page: "2",
    });
    const emails = [...page1.rows, ...page2.rows].map((r) => r.email);
    expect(emails).toEqual([...emails].sort());
    expect(page1.size).toBe(10);
  });
});
