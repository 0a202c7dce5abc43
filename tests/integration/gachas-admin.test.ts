import { describe, expect, it } from "vitest";
import { testEngine } from "../helpers/db";
import { gachasSuite, gachaForm, rewardForm } from "../helpers/gachas-suite";
import { callerFor, makeContext } from "../helpers/fixtures";
import { createCaller } from "#server/trpc/router";
import { key, walletOf } from "../helpers/money";
import { DAY, HOUR, TINY_PNG, tokyoLocal } from "../helpers/form-values";
import { outcome } from "../helpers/outcome";
import { auditsOf } from "../helpers/audit";

/**
 * Gachas on a real database (SQLite, or MariaDB with TEST_MYSQL_URL): the admin's forms, the
 * member's list and odds, the draw's rules (period, limit, cost, stock, reward) and its
 * behaviour under concurrency, items and their states, and who may see what.
 */

const suite = gachasSuite();
const { t, createGacha, member } = suite;
const PNG = Uint8Array.from(TINY_PNG);

/** How creating a gacha from the form changed by `over` ends (no image). */
const creating = (over: Parameters<typeof gachaForm>[0]) =>
  outcome(suite.admin.gachas.create({ gacha: gachaForm(over), image: {} }));

/** How adding a reward from the form changed by `over` to the gacha ends (no image). */
const addingReward = (gachaId: string, over?: Parameters<typeof rewardForm>[0]) =>
  outcome(suite.admin.gachas.createReward({ gachaId, reward: rewardForm(over), image: {} }));

describe(`gacha admin on ${testEngine}`, () => {
  it("creates and edits a gacha, refusing bad input field by field", async () => {
    expect(await creating({ name: "" })).toBe("gacha.name:required");
    expect(await creating({ startsAt: tokyoLocal(DAY), endsAt: tokyoLocal(HOUR) })).toBe(
      "gacha.endsAt:endBeforeStart",
    );
    expect(await creating({ cost: "-1" })).toBe("gacha.cost:gachaCost");
    expect(await creating({ challengeLimit: "0" })).toBe("gacha.challengeLimit:gachaLimit");
    expect(await creating({ startsAt: "2026-02-30T10:00" })).toBe("gacha.startsAt:dateTimeInvalid");

    const { id } = await suite.admin.gachas.create({
      gacha: gachaForm({
        name: "Winter gacha",
        startsAt: "2026-12-01T10:00",
        endsAt: "2026-12-31T23:59",
      }),
      image: { image: PNG },
    });
    const got = await suite.admin.gachas.adminGet({ id });
    // 10:00 in Tokyo is 01:00 UTC.
    expect(got.startsAt).toBe("2026-12-01 01:00:00.000");
    expect(got.endsAt).toBe("2026-12-31 14:59:00.000");
    expect(got.imageUrl).toMatch(/^\/media\/gachas\/[0-9a-f]{32}\.png$/);
    const file = got.imageUrl!.split("/").pop()!;
    const anon = await callerFor(t.db);
    expect((await anon.gachas.image({ file })).contentType).toBe("image/png");

    await suite.admin.gachas.update({
      id,
      gacha: gachaForm({ name: "Winter gacha 2", cost: "0" }),
      image: { removeImage: true },
    });
    const edited = await suite.admin.gachas.adminGet({ id });
    expect(edited.name).toBe("Winter gacha 2");
    expect(edited.cost).toBe(0);
    expect(edited.imageUrl).toBeNull();
    // The removed image is no longer served.
    expect(await outcome(anon.gachas.image({ file }))).toBe("notFound");
    const audit = await auditsOf(t.db, id);
    expect(audit.map((a) => a.action).sort()).toEqual(["gacha.create", "gacha.update"]);
  });

  it("needs a weight for a weighted gacha's reward, a stock for a box's, an amount for cash", async () => {
    const weighted = await createGacha({ method: "weighted" }, []);
    const box = await createGacha({ method: "box" }, []);
    expect(await addingReward(weighted.id)).toBe("weight:required");
    expect(await addingReward(box.id)).toBe("stock:required");
    expect(await addingReward(weighted.id, { amount: "", weight: "1" })).toBe(
      "reward.amount:required",
    );
    expect(
      await addingReward(weighted.id, {
        kind: "item",
        weight: "1",
        validFrom: tokyoLocal(DAY),
        validUntil: tokyoLocal(HOUR),
      }),
    ).toBe("reward.validUntil:endBeforeStart");
    // An amount typed for an item is dropped: only cash has one.
    const item = await suite.admin.gachas.createReward({
      gachaId: weighted.id,
      reward: rewardForm({ kind: "item", amount: "9999", weight: "5", validDays: "30" }),
      image: {},
    });
    const saved = await suite.admin.gachas.reward({ id: item.id });
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
        suite.admin.gachas.update({
          id: g.id,
          gacha: gachaForm({ cost: "0", method: "box" }),
          image: {},
        }),
      ),
    ).toBe("method:gachaMethodLocked");
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
  /** The member's `times` draws of the gacha sent at once, each one's outcome. */
  const drawsAtOnce = (m: Awaited<ReturnType<typeof member>>, gachaId: string, times: number) =>
    Promise.all(
      Array.from({ length: times }, () =>
        outcome(m.caller.gachas.draw({ gachaId, requestKey: key() })),
      ),
    );

  /** What the gacha's draws paid out, one row a draw. */
  const drawLog = (gachaId: string) =>
    t.db.kysely
      .selectFrom("gacha_logs")
      .select(["amount", "reward_name"])
      .where("gacha_id", "=", gachaId)
      .execute();

  /** `ok` of the outcomes went through, and every other one was refused with `refusal`. */
  function expectOkThenRefused(results: string[], ok: number, refusal: string) {
    expect(results.filter((r) => r === "ok")).toHaveLength(ok);
    expect(results.filter((r) => r !== "ok").every((r) => r === refusal)).toBe(true);
  }

  it("50 concurrent draws by one member keep the challenge limit", async () => {
    const m = await member(100_000);
    const g = await createGacha({ cost: "100", challengeLimit: "7" }, [
      { amount: "50", weight: "1" },
      { kind: "none", amount: "", weight: "1" },
    ]);
    const results = await drawsAtOnce(m, g.id, 50);
    expectOkThenRefused(results, 7, "gachaLimitReached");
    const logs = await drawLog(g.id);
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
    const results = await drawsAtOnce(m, g.id, 50);
    expectOkThenRefused(results, 4, "insufficientBalance");
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
    const results = (await Promise.all(members.map((m) => drawsAtOnce(m, g.id, 3)))).flat();
    expectOkThenRefused(results, 12, "gachaSoldOut");
    const counts = await drawLog(g.id);
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
