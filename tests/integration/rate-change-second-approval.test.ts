import { beforeAll, describe, expect, it } from "vitest";
import { testEngine, rowWhere } from "../helpers/db";
import { brokersSuite } from "../helpers/brokers-suite";
import { callerFor, createUser } from "../helpers/fixtures";
import { refusal } from "../helpers/outcome";
import { auditsOf } from "../helpers/audit";
import { createAccount, previewed } from "../helpers/cashback";
import { STANDARD_800 } from "../helpers/rate-change";

/**
 * Maker-checker for rate cards: one admin's change of a broker's rates is in force nowhere (not
 * on the admin's page, the public card or the import) until a different admin approves it; the
 * maker can neither approve nor send it back; sent back, it never takes effect; two approvals at
 * once take effect once.
 */

const suite = brokersSuite();
const { t, storage, brokerInput } = suite;
let third: Awaited<ReturnType<typeof callerFor>>;
beforeAll(async () => {
  const a = await createUser(t.db, { permission: "admin", nickname: "admin3" });
  third = await callerFor(t.db, a.id, { storage });
});

let n = 0;
/** A new broker with no rates yet, and its edit form. */
async function freshBroker() {
  n += 1;
  const fields = { name: `Rate ${n}`, code: `rate${n}`, displayOrder: String(100 + n) };
  const id = await suite.createBroker(fields);
  const save = (value: string) =>
    suite.admin.brokers.update({
      ...brokerInput(fields),
      id,
      terms: {
        conditions: "",
        conditionsEn: "",
        creditCycle: "",
        creditDay: "",
        rates: [{ accountType: "Standard", kind: "jpy_per_lot", value }],
      },
    } as never);
  return { id, code: fields.code, save };
}

const inForce = async (id: string) => (await suite.admin.brokers.get({ id })).rates;
const onPublicCard = async (code: string) => {
  const visitor = await callerFor(t.db, undefined, { storage });
  return (await visitor.brokers.rates()).brokers.find((b) => b.code === code)!.rates;
};
// Ids order rows only to the millisecond (then at random): the trail is compared as a set.
const actionsOn = async (targetId: string) =>
  (await auditsOf(t.db, targetId)).map((a) => a.action).sort();

/** One row at `code` for account 9900001, without an amount: priced from the card. */
const pricedRow = (code: string, rowKey: string) =>
  Buffer.from(
    [
      "trade_date,broker,account,lots,currency,ib_commission,row_key",
      `2026-11-02,${code},9900001,2,JPY,,${rowKey}`,
    ].join("\n"),
  ).toString("base64");

describe(`second approval of rate card changes on ${testEngine}`, () => {
  it("a new broker's first rates wait too: no row priced at them until another admin approves", async () => {
    const { id, rateChange } = await suite.admin.brokers.create({
      ...brokerInput({ name: "First rates", code: "firstrates", displayOrder: "99" }),
      terms: STANDARD_800,
    });
    expect(rateChange).toBeTruthy();
    expect(await inForce(id)).toEqual([]);
    expect(await onPublicCard("firstrates")).toEqual([]);
    expect(await rowWhere(t.db, "broker_rate_changes", "id", rateChange!)).toMatchObject({
      status: "checking",
      first_approved_by: suite.adminId,
      effective_from: "2000-01-01",
    });
    expect(await actionsOn(rateChange!)).toEqual(["rate_change.firstApprove"]);

    const member = await createUser(t.db);
    await createAccount(t.db, member.id, id, "9900001");
    const preview = (rowKey: string) =>
      previewed(
        t.db,
        suite.admin,
        { fileName: `${rowKey}.csv`, contentBase64: pricedRow("firstrates", rowKey) },
        storage,
      );
    const before = await preview("w1");
    expect(before).toMatchObject({ total: 1, matched: 0, error: 1 });
    const refused = await suite.admin.cashback.batch({ batchId: before.batchId });
    expect(refused.page.rows.map((r) => r.error)).toEqual(["noRate"]);

    // Its maker cannot be the second approval.
    const id2 = rateChange!;
    expect(await refusal(suite.admin.brokers.rateChanges.approve({ id: id2 }))).toBe(
      "sameApprover",
    );
    expect(await inForce(id)).toEqual([]);

    await suite.checker.brokers.rateChanges.approve({ id: id2 });
    const card = [{ accountType: "Standard", kind: "jpy_per_lot", valueX100: 80_000 }];
    expect(await inForce(id)).toEqual(card);
    expect(await onPublicCard("firstrates")).toEqual(card);
    const after = await preview("w2");
    expect(after).toMatchObject({ total: 1, matched: 1, error: 0 });
    const priced = await suite.admin.cashback.batch({ batchId: after.batchId });
    // 2 lots × ¥800.
    expect(priced.page.rows.map((r) => [r.amountYen, r.rateFrom])).toEqual([[1_600, "2000-01-01"]]);
  });

  it("one admin's change waits: nothing in force, its maker recorded as the first approval", async () => {
    const b = await freshBroker();
    const { rateChange } = await b.save("800");
    expect(rateChange).toBeTruthy();
    expect(await inForce(b.id)).toEqual([]);
    expect(await onPublicCard(b.code)).toEqual([]);
    expect((await suite.admin.brokers.get({ id: b.id })).versions).toEqual([]);
    expect(await rowWhere(t.db, "broker_rate_changes", "id", rateChange!)).toMatchObject({
      status: "checking",
      first_approved_by: suite.adminId,
      approved_by: null,
    });
    expect(await actionsOn(rateChange!)).toEqual(["rate_change.firstApprove"]);
    const [listed] = await suite.checker.brokers.rateChanges.list({ id: b.id });
    expect(listed).toMatchObject({
      id: rateChange,
      status: "checking",
      rates: [{ accountType: "Standard", kind: "jpy_per_lot", valueX100: 80_000 }],
      firstApprover: { id: suite.adminId },
    });
  });

  it("its maker can neither approve nor send it back", async () => {
    const b = await freshBroker();
    const { rateChange } = await b.save("800");
    const id = rateChange!;
    expect(await refusal(suite.admin.brokers.rateChanges.approve({ id }))).toBe("sameApprover");
    expect(await refusal(suite.admin.brokers.rateChanges.sendBack({ id, reason: "x" }))).toBe(
      "sameApprover",
    );
    expect(await inForce(b.id)).toEqual([]);
    expect(await rowWhere(t.db, "broker_rate_changes", "id", id)).toMatchObject({
      status: "checking",
    });
  });

  it("a second admin's approval puts it in force, once, audited", async () => {
    const b = await freshBroker();
    const { rateChange } = await b.save("800");
    const id = rateChange!;
    expect(await suite.checker.brokers.rateChanges.approve({ id })).toEqual({
      id,
      status: "approved",
    });
    const card = [{ accountType: "Standard", kind: "jpy_per_lot", valueX100: 80_000 }];
    expect(await inForce(b.id)).toEqual(card);
    expect(await onPublicCard(b.code)).toEqual(card);
    expect(await refusal(third.brokers.rateChanges.approve({ id }))).toBe("notAwaitingApproval");
    expect(await actionsOn(id)).toEqual(["rate_change.firstApprove", "rate_change.secondApprove"]);
  });

  it("sent back with a reason, it never takes effect", async () => {
    const b = await freshBroker();
    const { rateChange } = await b.save("800");
    const id = rateChange!;
    await suite.checker.brokers.rateChanges.sendBack({ id, reason: "桁が違います" });
    expect(await rowWhere(t.db, "broker_rate_changes", "id", id)).toMatchObject({
      status: "returned",
      send_back_reason: "桁が違います",
    });
    expect(await refusal(third.brokers.rateChanges.approve({ id }))).toBe("notAwaitingApproval");
    expect(await inForce(b.id)).toEqual([]);
    expect(await actionsOn(id)).toEqual(["rate_change.firstApprove", "rate_change.sendBack"]);
  });

  it("a newer change of the same day replaces one still waiting", async () => {
    const b = await freshBroker();
    const older = (await b.save("800")).rateChange!;
    const newer = (await b.save("900")).rateChange!;
    expect(await refusal(suite.checker.brokers.rateChanges.approve({ id: older }))).toBe(
      "notAwaitingApproval",
    );
    await suite.checker.brokers.rateChanges.approve({ id: newer });
    expect((await inForce(b.id))[0]!.valueX100).toBe(90_000);
  });

  it("two approvals at once take effect once", async () => {
    const b = await freshBroker();
    const id = (await b.save("800")).rateChange!;
    const outcomes = await Promise.all([
      refusal(suite.checker.brokers.rateChanges.approve({ id })),
      refusal(third.brokers.rateChanges.approve({ id })),
    ]);
    expect(outcomes.sort()).toEqual(["notAwaitingApproval", "ok"]);
    expect((await suite.admin.brokers.get({ id: b.id })).versions).toHaveLength(1);
    expect(await actionsOn(id)).toEqual(["rate_change.firstApprove", "rate_change.secondApprove"]);
  });

  it("an approval and a send-back at once resolve to one", async () => {
    const b = await freshBroker();
    const id = (await b.save("800")).rateChange!;
    const outcomes = await Promise.all([
      refusal(suite.checker.brokers.rateChanges.approve({ id })),
      refusal(third.brokers.rateChanges.sendBack({ id, reason: "違います" })),
    ]);
    expect(outcomes.sort()).toEqual(["notAwaitingApproval", "ok"]);
    const row = await rowWhere(t.db, "broker_rate_changes", "id", id);
    expect((await inForce(b.id)).length).toBe(row!.status === "approved" ? 1 : 0);
  });
});
