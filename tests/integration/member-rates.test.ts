import { describe, expect, it } from "vitest";
import { saveRateVersion } from "#server/features/brokers/terms";
import { brokersSuite } from "../helpers/brokers-suite";
import { createAccount, importsOf, previewed, setAccountType } from "../helpers/cashback";
import { testEngine } from "../helpers/db";
import { translator } from "../helpers/messages";
import { auditsOf } from "../helpers/audit";

const suite = brokersSuite();
const { t, storage, member, outcome } = suite;

/** XM's card: three types, Standard first (the default type). */
async function threeTypes() {
  await saveRateVersion(
    t.db.kysely,
    suite.brokers.xm!,
    [
      { accountType: "Standard", kind: "jpy_per_lot", valueX100: 80_000 },
      { accountType: "Pro", kind: "usd_per_lot", valueX100: 450 },
      { accountType: "Micro", kind: "spread_percent", valueX100: 4_000 },
    ],
    "2000-01-01",
    suite.adminId,
  );
}

/** TitanFX's card: one type only. */
async function oneType() {
  await saveRateVersion(
    t.db.kysely,
    suite.brokers.titan!,
    [{ accountType: "Standard", kind: "jpy_per_lot", valueX100: 50_000 }],
    "2000-01-01",
    suite.adminId,
  );
}

const typeOf = async (id: string) =>
  (
    await t.db.kysely
      .selectFrom("broker_accounts")
      .select("account_type")
      .where("id", "=", id)
      .executeTakeFirstOrThrow()
  ).account_type;

describe(`account types a member gives, and the rates they see, on ${testEngine}`, () => {
  it("asks for the type at a broker with several, refuses an unknown one, in ja and en", async () => {
    await threeTypes();
    await oneType();
    const m = await member();
    const add = (brokerId: string, accountNumber: string, accountType?: string) =>
      outcome(m.caller.brokers.accounts.add({ brokerId, accountNumber, accountType }));

    expect(await add(suite.brokers.xm!, "70001")).toEqual({
      accountType: "brokerAccountTypeRequired",
    });
    expect(await add(suite.brokers.xm!, "70001", "  ")).toEqual({
      accountType: "brokerAccountTypeRequired",
    });
    expect(await add(suite.brokers.xm!, "70001", "Gold")).toEqual({
      accountType: "brokerAccountType",
    });
    expect(await add(suite.brokers.xm!, "70001", "Pro")).toBe("ok");
    // One type: nothing to choose between, so it may be left out (it is the default type).
    expect(await add(suite.brokers.titan!, "7000100")).toBe("ok");
    // A broker without rates asks for nothing.
    expect(await add(suite.brokers.exness!, "A7000100")).toBe("ok");

    for (const lng of ["ja", "en"] as const) {
      const tr = await translator(lng);
      const field = tr("accounts:add.accountType");
      const required = tr("errors:field.brokerAccountTypeRequired", { field });
      const unknown = tr("errors:field.brokerAccountType", { field });
      expect(required).not.toContain("brokerAccountTypeRequired");
      expect(required).toContain(field);
      expect(unknown).toContain(field);
    }
    expect(
      (await translator("ja"))("errors:field.brokerAccountTypeRequired", { field: "口座タイプ" }),
    ).toBe(
      "口座タイプを選んでください。この会社には複数の口座タイプがあり、タイプごとに還元レートが違います",
    );
  });

  it("prompts for each own account missing a type, sets it once, never another member's", async () => {
    await threeTypes();
    await oneType();
    const m = await member();
    const other = await member();
    const old = await createAccount(t.db, m.id, suite.brokers.xm!, "71001");
    const pending = await createAccount(t.db, m.id, suite.brokers.xm!, "71002", "pending");
    await createAccount(t.db, m.id, suite.brokers.xm!, "71003", "denied");
    await createAccount(t.db, m.id, suite.brokers.titan!, "7100400"); // one type: no prompt
    const theirs = await createAccount(t.db, other.id, suite.brokers.xm!, "71005");

    const prompt = await m.caller.brokers.accounts.missingType();
    expect(prompt.map((a) => a.accountNumber).sort()).toEqual(["71001", "71002"]);
    expect(prompt[0]).toMatchObject({ brokerName: "XM", types: ["Standard", "Pro", "Micro"] });

    // Another member's account: not found, and left as it was.
    expect(
      await outcome(m.caller.brokers.accounts.setMyType({ id: theirs, accountType: "Pro" })),
    ).toBe("notFound");
    expect(await typeOf(theirs)).toBeNull();
    expect((await other.caller.brokers.accounts.missingType()).map((a) => a.id)).toEqual([theirs]);

    expect(
      await outcome(m.caller.brokers.accounts.setMyType({ id: old, accountType: "Gold" })),
    ).toEqual({ accountType: "brokerAccountType" });
    expect(
      await outcome(m.caller.brokers.accounts.setMyType({ id: old, accountType: "" })),
    ).toEqual({
      accountType: "brokerAccountTypeRequired",
    });
    expect(await m.caller.brokers.accounts.setMyType({ id: old, accountType: "Micro" })).toEqual({
      ok: true,
    });
    expect(await typeOf(old)).toBe("Micro");
    // Set once: a change afterwards is the admin's.
    expect(
      await outcome(m.caller.brokers.accounts.setMyType({ id: old, accountType: "Pro" })),
    ).toBe("accountTypeAlreadySet");
    expect(await typeOf(old)).toBe("Micro");
    expect((await m.caller.brokers.accounts.missingType()).map((a) => a.id)).toEqual([pending]);
    const audit = await auditsOf(t.db, old);
    expect(audit).toMatchObject([{ actor_id: m.id, action: "account.type" }]);
  });

  it("lists each own cashback row with its rate and where it came from", async () => {
    await threeTypes();
    const m = await member();
    const other = await member();
    const pro = await createAccount(t.db, m.id, suite.brokers.xm!, "72001");
    await setAccountType(t.db, pro, "Pro");
    await createAccount(t.db, m.id, suite.brokers.xm!, "72002"); // no type: default type
    await createAccount(t.db, other.id, suite.brokers.xm!, "72003");
    const preview = await previewed(
      t.db,
      suite.admin,
      {
        fileName: "xm-member-rates.csv",
        contentBase64: Buffer.from(
          [
            "trade_date,broker,account,lots,currency,ib_commission,row_key",
            "2026-10-01,XM,72001,1,JPY,,m1",
            "2026-10-02,XM,72002,2,JPY,,m2",
            "2026-10-03,XM,72002,1,JPY,,m3",
            "2026-10-04,XM,72003,1,JPY,,m4",
          ].join("\n"),
        ).toString("base64"),
        usdRate: "150",
      },
      storage,
    );
    await importsOf(suite.admin, t.db).commit({ batchId: preview.batchId });
    // A row credited before rates were stored with it.
    await t.db.kysely
      .updateTable("cashbacks")
      .set({
        rate_type: null,
        rate_kind: null,
        rate_x100: null,
        rate_from: null,
        rate_source: null,
      })
      // The row key ends the source key; the broker id before it is random and may hold "m3" too.
      .where("source_key", "like", "%|m3")
      .execute();

    const history = await m.caller.cashback.history({ sort: "tradeDate", dir: "asc" });
    expect(history.rows.map((r) => [r.accountNumber, r.amount, r.rate])).toEqual([
      [
        "72001",
        675,
        { accountType: "Pro", kind: "usd_per_lot", valueX100: 450, source: "account_type" },
      ],
      [
        "72002",
        1_600,
        { accountType: "Standard", kind: "jpy_per_lot", valueX100: 80_000, source: "default_type" },
      ],
      ["72002", 800, null],
    ]);
    const dashboard = await m.caller.cashback.dashboard();
    expect(dashboard.recent.map((r) => r.rate?.source ?? null)).toEqual([
      null,
      "default_type",
      "account_type",
    ]);
    // The other member's list holds their row only.
    const theirs = await other.caller.cashback.history({});
    expect(theirs.rows.map((r) => r.accountNumber)).toEqual(["72003"]);
  });
});
