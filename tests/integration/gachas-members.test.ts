import { describe, expect, it } from "vitest";
import { testEngine } from "../helpers/db";
import { gachasSuite } from "../helpers/gachas-suite";
import { key, walletOf } from "../helpers/money";
import { DAY, HOUR, tokyoLocal } from "../helpers/form-values";
import { outcome } from "../helpers/outcome";

/**
 * Gachas on a real database (SQLite, or MariaDB with TEST_MYSQL_URL): the admin's forms, the
 * member's list and odds, the draw's rules (period, limit, cost, stock, reward) and its
 * behaviour under concurrency, items and their states, and who may see what.
 */

const suite = gachasSuite();
const { t, createGacha, member } = suite;

describe(`gacha for members on ${testEngine}`, () => {
  it("lists published gachas as open, upcoming or closed, and says which were played", async () => {
    const m = await member(10_000);
    const tag = key().slice(0, 6);
    const open = await createGacha({ name: `open ${tag}` }, [{ weight: "1" }]);
    const upcoming = await createGacha(
      { name: `upcoming ${tag}`, startsAt: tokyoLocal(DAY), endsAt: tokyoLocal(2 * DAY) },
      [{ weight: "1" }],
    );
    const closed = await createGacha(
      { name: `closed ${tag}`, startsAt: tokyoLocal(-2 * DAY), endsAt: tokyoLocal(-DAY) },
      [{ weight: "1" }],
    );
    const hidden = await createGacha({ name: `hidden ${tag}`, published: false }, [
      { weight: "1" },
    ]);
    await m.caller.gachas.draw({ gachaId: open.id, requestKey: key() });

    const list = await m.caller.gachas.list({ size: 100 });
    const mine = list.rows.filter((r) => r.name.endsWith(tag));
    expect(mine.map((r) => [r.name, r.status, r.played])).toEqual([
      [`open ${tag}`, "open", true],
      [`upcoming ${tag}`, "upcoming", false],
      [`closed ${tag}`, "closed", false],
    ]);
    expect(mine[0]).toMatchObject({ plays: 1, playsLeft: 2 });
    expect(
      (await m.caller.gachas.list({ filter: "upcoming", size: 100 })).rows.map((r) => r.id),
    ).toContain(upcoming.id);
    expect(
      (await m.caller.gachas.list({ filter: "played", size: 100 })).rows.map((r) => r.id),
    ).toEqual([open.id]);
    expect(
      (await m.caller.gachas.list({ filter: "closed", size: 100 })).rows.map((r) => r.id),
    ).toContain(closed.id);
    // An unpublished gacha does not exist for members.
    expect(await outcome(m.caller.gachas.get({ id: hidden.id }))).toBe("notFound");
    expect(await outcome(m.caller.gachas.draw({ gachaId: hidden.id, requestKey: key() }))).toBe(
      "notFound",
    );
  });

  it("shows every drawable reward with its exact odds and the expected cash per draw", async () => {
    const m = await member();
    const g = await createGacha({ cost: "300" }, [
      { name: "¥1,000", amount: "1000", weight: "1" },
      { name: "¥100", amount: "100", weight: "9" },
      { name: "Coupon", kind: "item", amount: "", weight: "30", validDays: "7" },
      { name: "Miss", kind: "none", amount: "", weight: "60" },
      { name: "Retired", amount: "100000", weight: "1000", active: false },
    ]);
    const got = await m.caller.gachas.get({ id: g.id });
    expect(
      got.rewards.map((r) => [r.name, r.odds.numerator, r.odds.denominator, r.odds.percent]),
    ).toEqual([
      ["¥1,000", 1, 100, 1],
      ["¥100", 9, 100, 9],
      ["Coupon", 30, 100, 30],
      ["Miss", 60, 100, 60],
    ]);
    // (1000 × 1 + 100 × 9) / 100 = 19 yen back per 300 yen draw.
    expect(got.expectedCash).toBe(19);
    expect(got.rewards.reduce((s, r) => s + r.odds.percent, 0)).toBe(100);
  });

  it("a draw pays the cost, credits a cash reward through the ledger and logs it", async () => {
    const m = await member(1_000);
    const g = await createGacha({ cost: "300", challengeLimit: "5" }, [
      { amount: "800", weight: "1" },
    ]);
    const { logId, replayed } = await m.caller.gachas.draw({ gachaId: g.id, requestKey: key() });
    expect(replayed).toBe(false);
    expect(await walletOf(t.db, m.id)).toEqual({ available: 1_000 - 300 + 800, held: 0 });
    const result = await m.caller.gachas.result({ id: logId });
    expect(result).toMatchObject({ rewardKind: "cash", amount: 800, cost: 300, state: "credited" });
    const movements = await t.db.kysely
      .selectFrom("ledger_transactions")
      .select(["kind", "idempotency_key"])
      .where("ref_id", "=", logId)
      .orderBy("kind")
      .execute();
    expect(movements).toEqual([
      { kind: "gacha_cost", idempotency_key: `gacha:${logId}:cost` },
      { kind: "gacha_reward", idempotency_key: `gacha:${logId}:reward` },
    ]);
  });

  it("a double submit of one form draws once", async () => {
    const m = await member(1_000);
    const g = await createGacha({ cost: "100" }, [{ kind: "none", amount: "", weight: "1" }]);
    const requestKey = key();
    const [a, b] = await Promise.all([
      m.caller.gachas.draw({ gachaId: g.id, requestKey }),
      m.caller.gachas.draw({ gachaId: g.id, requestKey }),
    ]);
    expect(a.logId).toBe(b.logId);
    expect([a.replayed, b.replayed].sort()).toEqual([false, true]);
    const again = await m.caller.gachas.draw({ gachaId: g.id, requestKey });
    expect(again).toEqual({ logId: a.logId, replayed: true });
    expect((await walletOf(t.db, m.id)).available).toBe(900);
  });

  it("refuses outside the period, past the limit and without the balance, changing nothing", async () => {
    const m = await member(250);
    const early = await createGacha({ startsAt: tokyoLocal(HOUR), endsAt: tokyoLocal(DAY) }, [
      { weight: "1" },
    ]);
    const late = await createGacha({ startsAt: tokyoLocal(-DAY), endsAt: tokyoLocal(-HOUR) }, [
      { weight: "1" },
    ]);
    expect(await outcome(m.caller.gachas.draw({ gachaId: early.id, requestKey: key() }))).toBe(
      "gachaNotStarted",
    );
    expect(await outcome(m.caller.gachas.draw({ gachaId: late.id, requestKey: key() }))).toBe(
      "gachaEnded",
    );

    const g = await createGacha({ cost: "100", challengeLimit: "2" }, [
      { kind: "none", amount: "", weight: "1" },
    ]);
    expect(await outcome(m.caller.gachas.draw({ gachaId: g.id, requestKey: key() }))).toBe("ok");
    expect(await outcome(m.caller.gachas.draw({ gachaId: g.id, requestKey: key() }))).toBe("ok");
    expect(await outcome(m.caller.gachas.draw({ gachaId: g.id, requestKey: key() }))).toBe(
      "gachaLimitReached",
    );
    expect((await walletOf(t.db, m.id)).available).toBe(50);

    const pricey = await createGacha({ cost: "100" }, [{ amount: "1000", weight: "1" }]);
    expect(await outcome(m.caller.gachas.draw({ gachaId: pricey.id, requestKey: key() }))).toBe(
      "insufficientBalance",
    );
    // The refused draw left nothing behind: no log, no play counted, no money moved.
    const logs = await t.db.kysely
      .selectFrom("gacha_logs")
      .select("id")
      .where("gacha_id", "=", pricey.id)
      .execute();
    expect(logs).toEqual([]);
    expect((await m.caller.gachas.get({ id: pricey.id })).plays).toBe(0);
    expect((await walletOf(t.db, m.id)).available).toBe(50);
  });

  it("a free gacha moves no money; a weighted gacha without rewards refuses", async () => {
    const m = await member();
    const free = await createGacha({ cost: "0" }, [{ kind: "none", amount: "", weight: "1" }]);
    expect(await outcome(m.caller.gachas.draw({ gachaId: free.id, requestKey: key() }))).toBe("ok");
    expect(await walletOf(t.db, m.id)).toEqual({ available: 0, held: 0 });
    const empty = await createGacha({ cost: "0" }, [{ weight: "1", active: false }]);
    expect(await outcome(m.caller.gachas.draw({ gachaId: empty.id, requestKey: key() }))).toBe(
      "gachaNoRewards",
    );
  });

  it("a box gives each piece once, then is sold out", async () => {
    const m = await member();
    const g = await createGacha({ method: "box", cost: "0", challengeLimit: "10" }, [
      { name: "A", amount: "10", stock: "2" },
      { name: "B", kind: "none", amount: "", stock: "1" },
    ]);
    const names: string[] = [];
    for (let i = 0; i < 3; i++) {
      const { logId } = await m.caller.gachas.draw({ gachaId: g.id, requestKey: key() });
      names.push((await m.caller.gachas.result({ id: logId })).rewardName);
    }
    expect(names.sort()).toEqual(["A", "A", "B"]);
    expect(await outcome(m.caller.gachas.draw({ gachaId: g.id, requestKey: key() }))).toBe(
      "gachaSoldOut",
    );
    const got = await m.caller.gachas.get({ id: g.id });
    expect(got).toMatchObject({ soldOut: true, remaining: 0, plays: 3 });
    expect((await walletOf(t.db, m.id)).available).toBe(20);
  });
});

describe(`gacha items and history on ${testEngine}`, () => {
  it("logs an item with its validity, and only its owner may use it once inside it", async () => {
    const m = await member();
    const other = await member();
    const g = await createGacha({ cost: "0", challengeLimit: "10" }, [
      { name: "Coupon", kind: "item", amount: "", weight: "1", validDays: "30" },
    ]);
    const { logId } = await m.caller.gachas.draw({ gachaId: g.id, requestKey: key() });
    const log = await m.caller.gachas.result({ id: logId });
    expect(log.state).toBe("available");
    const days = (Date.parse(log.validUntil! + "Z") - Date.parse(log.validFrom! + "Z")) / DAY;
    expect(days).toBe(30);

    // Another member can neither see nor use it.
    expect(await outcome(other.caller.gachas.result({ id: logId }))).toBe("notFound");
    expect(await outcome(other.caller.gachas.useItem({ id: logId }))).toBe("notFound");
    expect((await other.caller.gachas.myLogs({})).rows).toEqual([]);

    expect(await outcome(m.caller.gachas.useItem({ id: logId }))).toBe("ok");
    expect((await m.caller.gachas.result({ id: logId })).state).toBe("used");
    expect(await outcome(m.caller.gachas.useItem({ id: logId }))).toBe("itemAlreadyUsed");
  });

  it("an item whose period has not started or has ended cannot be used", async () => {
    const m = await member();
    const later = await createGacha({ cost: "0" }, [
      {
        kind: "item",
        amount: "",
        weight: "1",
        validFrom: tokyoLocal(2 * DAY),
        validUntil: tokyoLocal(9 * DAY),
        validDays: "3",
      },
    ]);
    const past = await createGacha({ cost: "0" }, [
      { kind: "item", amount: "", weight: "1", validUntil: tokyoLocal(-HOUR) },
    ]);
    const a = await m.caller.gachas.draw({ gachaId: later.id, requestKey: key() });
    const b = await m.caller.gachas.draw({ gachaId: past.id, requestKey: key() });
    const notStarted = await m.caller.gachas.result({ id: a.logId });
    expect(notStarted.state).toBe("not_started");
    // From the reward's start date, for its 3 days (earlier than its end date).
    expect(
      (Date.parse(notStarted.validUntil! + "Z") - Date.parse(notStarted.validFrom! + "Z")) / DAY,
    ).toBe(3);
    expect((await m.caller.gachas.result({ id: b.logId })).state).toBe("expired");
    expect(await outcome(m.caller.gachas.useItem({ id: a.logId }))).toBe("itemNotStarted");
    expect(await outcome(m.caller.gachas.useItem({ id: b.logId }))).toBe("itemExpired");
  });

  it("my history filters by state in the database; a cash win cannot be 'used'", async () => {
    const m = await member();
    const g = await createGacha({ cost: "0", challengeLimit: "10" }, [
      { amount: "5", weight: "1" },
    ]);
    const item = await createGacha({ cost: "0", challengeLimit: "10" }, [
      { kind: "item", amount: "", weight: "1" },
    ]);
    const cash = await m.caller.gachas.draw({ gachaId: g.id, requestKey: key() });
    const i1 = await m.caller.gachas.draw({ gachaId: item.id, requestKey: key() });
    await m.caller.gachas.draw({ gachaId: item.id, requestKey: key() });
    await m.caller.gachas.useItem({ id: i1.logId });
    expect(await outcome(m.caller.gachas.useItem({ id: cash.logId }))).toBe("itemNotUsable");
    const all = await m.caller.gachas.myLogs({});
    expect(all.total).toBe(3);
    expect((await m.caller.gachas.myLogs({ state: "available" })).rows.map((r) => r.state)).toEqual(
      ["available"],
    );
    expect((await m.caller.gachas.myLogs({ state: "used" })).rows.map((r) => r.id)).toEqual([
      i1.logId,
    ]);
    expect((await m.caller.gachas.myLogs({ state: "credited" })).rows.map((r) => r.id)).toEqual([
      cash.logId,
    ]);
  });

  it("the admin sees every draw of a gacha with the member, and filters them", async () => {
    const m = await member();
    const g = await createGacha({ cost: "0", challengeLimit: "5" }, [
      { kind: "item", amount: "", weight: "1" },
    ]);
    const d = await m.caller.gachas.draw({ gachaId: g.id, requestKey: key() });
    await m.caller.gachas.draw({ gachaId: g.id, requestKey: key() });
    await m.caller.gachas.useItem({ id: d.logId });
    const logs = await suite.admin.gachas.logs({ gachaId: g.id });
    expect(logs.total).toBe(2);
    expect(logs.rows[0]!.member.email).toBe(m.email);
    expect(
      (await suite.admin.gachas.logs({ gachaId: g.id, state: "used" })).rows.map((r) => r.id),
    ).toEqual([d.logId]);
    expect(
      (await suite.admin.gachas.logs({ gachaId: g.id, member: "nobody-like-this" })).total,
    ).toBe(0);
    const rewards = await suite.admin.gachas.rewards({ id: g.id });
    expect(rewards[0]).toMatchObject({ drawn: 2 });
  });
});
