import { beforeAll, describe, expect, it } from "vitest";
import { testEngine } from "../helpers/db";
import { fileDatabase } from "../helpers/file-db";
import {
  callerFor,
  createUser,
  makeContext,
  adminWithCaller,
  type Caller,
} from "../helpers/fixtures";
import { createCaller } from "../../server/trpc/router";
import { fund, key, walletOf } from "../helpers/money";
import { DAY, HOUR, TINY_PNG, tokyoLocal } from "../helpers/form-values";
import { outcome } from "../helpers/outcome";

/**
 * Gachas on a real database (SQLite, or MariaDB with TEST_MYSQL_URL): the admin's forms, the
 * member's list and odds, the draw's rules (period, limit, cost, stock, reward) and its
 * behaviour under concurrency, items and their states, and who may see what.
 */

const t = fileDatabase({ ledgerMustBalance: true });
let admin: Caller;

beforeAll(async () => {
  ({ caller: admin } = await adminWithCaller(t.db));
});

const PNG = Uint8Array.from(TINY_PNG);

interface GachaForm {
  name?: string;
  description?: string;
  startsAt?: string;
  endsAt?: string;
  cost?: string;
  method?: "weighted" | "box";
  challengeLimit?: string;
  published?: boolean;
}

function gachaForm(over: GachaForm = {}) {
  return {
    name: "Test gacha",
    description: "",
    startsAt: tokyoLocal(-HOUR),
    endsAt: tokyoLocal(7 * DAY),
    cost: "100",
    method: "weighted" as const,
    challengeLimit: "3",
    published: true,
    ...over,
  };
}

interface RewardForm {
  name?: string;
  kind?: "cash" | "item" | "none";
  amount?: string;
  weight?: string;
  stock?: string;
  validFrom?: string;
  validUntil?: string;
  validDays?: string;
  displayOrder?: string;
  active?: boolean;
}

function rewardForm(over: RewardForm = {}) {
  return {
    name: "¥500",
    kind: "cash" as const,
    amount: "500",
    weight: "",
    stock: "",
    validFrom: "",
    validUntil: "",
    validDays: "",
    displayOrder: "0",
    active: true,
    ...over,
  };
}

async function createGacha(over: GachaForm, rewards: RewardForm[]) {
  const { id } = await admin.gachas.create({ gacha: gachaForm(over), image: {} });
  const rewardIds: string[] = [];
  for (const [i, r] of rewards.entries()) {
    const created = await admin.gachas.createReward({
      gachaId: id,
      reward: rewardForm({ displayOrder: String(i), ...r }),
      image: {},
    });
    rewardIds.push(created.id);
  }
  return { id, rewardIds };
}

async function member(balance = 0) {
  const user = await createUser(t.db);
  if (balance > 0) await fund(t.db, user.id, balance);
  return { ...user, caller: await callerFor(t.db, user.id) };
}

describe(`gacha admin on ${testEngine}`, () => {
  it("creates and edits a gacha, refusing bad input field by field", async () => {
    expect(await outcome(admin.gachas.create({ gacha: gachaForm({ name: "" }), image: {} }))).toBe(
      "gacha.name:required",
    );
    expect(
      await outcome(
        admin.gachas.create({
          gacha: gachaForm({ startsAt: tokyoLocal(DAY), endsAt: tokyoLocal(HOUR) }),
          image: {},
        }),
      ),
    ).toBe("gacha.endsAt:endBeforeStart");
    expect(
      await outcome(admin.gachas.create({ gacha: gachaForm({ cost: "-1" }), image: {} })),
    ).toBe("gacha.cost:gachaCost");
    expect(
      await outcome(admin.gachas.create({ gacha: gachaForm({ challengeLimit: "0" }), image: {} })),
    ).toBe("gacha.challengeLimit:gachaLimit");
    expect(
      await outcome(
        admin.gachas.create({ gacha: gachaForm({ startsAt: "2026-02-30T10:00" }), image: {} }),
      ),
    ).toBe("gacha.startsAt:dateTimeInvalid");

    const { id } = await admin.gachas.create({
      gacha: gachaForm({
        name: "Winter gacha",
        startsAt: "2026-12-01T10:00",
        endsAt: "2026-12-31T23:59",
      }),
      image: { image: PNG },
    });
    const got = await admin.gachas.adminGet({ id });
    // 10:00 in Tokyo is 01:00 UTC.
    expect(got.startsAt).toBe("2026-12-01 01:00:00.000");
    expect(got.endsAt).toBe("2026-12-31 14:59:00.000");
    expect(got.imageUrl).toMatch(/^\/media\/gachas\/[0-9a-f]{32}\.png$/);
    const file = got.imageUrl!.split("/").pop()!;
    const anon = await callerFor(t.db);
    expect((await anon.gachas.image({ file })).contentType).toBe("image/png");

    await admin.gachas.update({
      id,
      gacha: gachaForm({ name: "Winter gacha 2", cost: "0" }),
      image: { removeImage: true },
    });
    const edited = await admin.gachas.adminGet({ id });
    expect(edited.name).toBe("Winter gacha 2");
    expect(edited.cost).toBe(0);
    expect(edited.imageUrl).toBeNull();
    // The removed image is no longer served.
    expect(await outcome(anon.gachas.image({ file }))).toBe("notFound");
    const audit = await t.db.kysely
      .selectFrom("audit_log")
      .select("action")
      .where("target_id", "=", id)
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual(["gacha.create", "gacha.update"]);
  });

  it("needs a weight for a weighted gacha's reward, a stock for a box's, an amount for cash", async () => {
    const weighted = await createGacha({ method: "weighted" }, []);
    const box = await createGacha({ method: "box" }, []);
    expect(
      await outcome(
        admin.gachas.createReward({ gachaId: weighted.id, reward: rewardForm(), image: {} }),
      ),
    ).toBe("weight:required");
    expect(
      await outcome(
        admin.gachas.createReward({ gachaId: box.id, reward: rewardForm(), image: {} }),
      ),
    ).toBe("stock:required");
    expect(
      await outcome(
        admin.gachas.createReward({
          gachaId: weighted.id,
          reward: rewardForm({ amount: "", weight: "1" }),
          image: {},
        }),
      ),
    ).toBe("reward.amount:required");
    expect(
      await outcome(
        admin.gachas.createReward({
          gachaId: weighted.id,
          reward: rewardForm({
            kind: "item",
            weight: "1",
            validFrom: tokyoLocal(DAY),
            validUntil: tokyoLocal(HOUR),
          }),
          image: {},
        }),
      ),
    ).toBe("reward.validUntil:endBeforeStart");
    // An amount typed for an item is dropped: only cash has one.
    const item = await admin.gachas.createReward({
      gachaId: weighted.id,
      reward: rewardForm({ kind: "item", amount: "9999", weight: "5", validDays: "30" }),
      image: {},
    });
    const saved = await admin.gachas.reward({ id: item.id });
    expect(saved).toMatchObject({
      kind: "item",
      amount: null,
      weight: 5,
      stock: null,
      validDays: 30,
    });
  });

  it("will not switch the method of a gacha that has been drawn", async () => {
    const g = await createGacha({ cost: "0" }, [{ weight: "1" }]);
    const m = await member();
    await m.caller.gachas.draw({ gachaId: g.id, requestKey: key() });
    expect(
      await outcome(
        admin.gachas.update({
          id: g.id,
          gacha: gachaForm({ cost: "0", method: "box" }),
          image: {},
        }),
      ),
    ).toBe("method:gachaMethodLocked");
  });
});

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

describe(`the gacha feature flag on ${testEngine}`, () => {
  it("with the gacha feature off, members can neither see nor draw a gacha", async () => {
    const g = await createGacha({ cost: "0" }, [{ kind: "none", amount: "", weight: "1" }]);
    const m = await member();
    const ctx = await makeContext(t.db, m.id);
    const off = createCaller({
      ...ctx,
      config: { ...ctx.config, FEATURES: { ...ctx.config.FEATURES, gacha: false } },
    });
    expect(await outcome(off.gachas.list({}))).toBe("notFound");
    expect(await outcome(off.gachas.get({ id: g.id }))).toBe("notFound");
    expect(await outcome(off.gachas.draw({ gachaId: g.id, requestKey: key() }))).toBe("notFound");
    expect(await outcome(off.gachas.myLogs({}))).toBe("notFound");
    // The same member with the feature on draws as usual.
    expect(await outcome(m.caller.gachas.draw({ gachaId: g.id, requestKey: key() }))).toBe("ok");
  });
});

describe(`gacha concurrency on ${testEngine}`, () => {
  it("50 concurrent draws by one member keep the challenge limit", async () => {
    const m = await member(100_000);
    const g = await createGacha({ cost: "100", challengeLimit: "7" }, [
      { amount: "50", weight: "1" },
      { kind: "none", amount: "", weight: "1" },
    ]);
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        outcome(m.caller.gachas.draw({ gachaId: g.id, requestKey: key() })),
      ),
    );
    expect(results.filter((r) => r === "ok")).toHaveLength(7);
    expect(results.filter((r) => r !== "ok").every((r) => r === "gachaLimitReached")).toBe(true);
    const logs = await t.db.kysely
      .selectFrom("gacha_logs")
      .select(["amount"])
      .where("gacha_id", "=", g.id)
      .execute();
    expect(logs).toHaveLength(7);
    const won = logs.reduce((s, l) => s + Number(l.amount ?? 0), 0);
    expect(await walletOf(t.db, m.id)).toEqual({ available: 100_000 - 7 * 100 + won, held: 0 });
    expect((await m.caller.gachas.get({ id: g.id })).plays).toBe(7);
  });

  it("50 concurrent draws by one member never spend more than the balance", async () => {
    // 1,000 yen pays for exactly 4 draws of 250; a miss pays nothing back.
    const m = await member(1_000);
    const g = await createGacha({ cost: "250", challengeLimit: "50" }, [
      { kind: "none", amount: "", weight: "1" },
    ]);
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        outcome(m.caller.gachas.draw({ gachaId: g.id, requestKey: key() })),
      ),
    );
    expect(results.filter((r) => r === "ok")).toHaveLength(4);
    expect(results.filter((r) => r !== "ok").every((r) => r === "insufficientBalance")).toBe(true);
    expect(await walletOf(t.db, m.id)).toEqual({ available: 0, held: 0 });
    // Refused draws were rolled back whole: the counter shows only the paid ones.
    expect((await m.caller.gachas.get({ id: g.id })).plays).toBe(4);
  });

  it("concurrent draws by many members never take more than a box holds", async () => {
    const g = await createGacha({ method: "box", cost: "100", challengeLimit: "3" }, [
      { name: "Big", amount: "1000", stock: "3" },
      { name: "Small", amount: "100", stock: "5" },
      { name: "Miss", kind: "none", amount: "", stock: "4" },
    ]);
    const members = await Promise.all(Array.from({ length: 10 }, () => member(1_000)));
    // 10 members × 3 draws = 30 attempts at a box of 12.
    const attempts = members.flatMap((m) =>
      Array.from({ length: 3 }, () =>
        outcome(m.caller.gachas.draw({ gachaId: g.id, requestKey: key() })),
      ),
    );
    const results = await Promise.all(attempts);
    expect(results.filter((r) => r === "ok")).toHaveLength(12);
    expect(results.filter((r) => r !== "ok").every((r) => r === "gachaSoldOut")).toBe(true);
    const counts = await t.db.kysely
      .selectFrom("gacha_logs")
      .select(["reward_name"])
      .where("gacha_id", "=", g.id)
      .execute();
    const by = (name: string) => counts.filter((c) => c.reward_name === name).length;
    expect([by("Big"), by("Small"), by("Miss")]).toEqual([3, 5, 4]);
    const stock = await t.db.kysely
      .selectFrom("gacha_rewards")
      .select("stock")
      .where("gacha_id", "=", g.id)
      .execute();
    expect(stock.map((s) => Number(s.stock))).toEqual([0, 0, 0]);
    // Money: 12 paid draws of 100, 3 × 1,000 + 5 × 100 won, over all members together.
    let total = 0;
    for (const m of members) total += (await walletOf(t.db, m.id)).available;
    expect(total).toBe(10 * 1_000 - 12 * 100 + 3 * 1_000 + 5 * 100);
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
    const logs = await admin.gachas.logs({ gachaId: g.id });
    expect(logs.total).toBe(2);
    expect(logs.rows[0]!.member.email).toBe(m.email);
    expect(
      (await admin.gachas.logs({ gachaId: g.id, state: "used" })).rows.map((r) => r.id),
    ).toEqual([d.logId]);
    expect((await admin.gachas.logs({ gachaId: g.id, member: "nobody-like-this" })).total).toBe(0);
    const rewards = await admin.gachas.rewards({ id: g.id });
    expect(rewards[0]).toMatchObject({ drawn: 2 });
  });
});
