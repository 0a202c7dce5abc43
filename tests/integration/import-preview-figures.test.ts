import { describe, expect, it } from "vitest";
import { testEngine } from "../helpers/db";
import { fileDatabase } from "../helpers/file-db";
import { callerFor, createUser } from "../helpers/fixtures";
import { createAccount, createBroker, importsOf, previewedReport } from "../helpers/cashback";

const t = fileDatabase({ ledgerMustBalance: true });

describe(`the import preview's figures on ${testEngine}`, () => {
  it("says what the matched rows will credit before the commit, and what was credited after", async () => {
    const admin = await callerFor(t.db, (await createUser(t.db, { permission: "admin" })).id);
    const xm = await createBroker(t.db, "XM", "XMTrading");
    const member = await createUser(t.db);
    await createAccount(t.db, member.id, xm, "810002");
    const preview = await previewedReport(t.db, admin, "figures.csv", [
      "2026-11-02,XM,810002,1,1280,JPY,a",
      "2026-11-03,XM,810002,1,1012,JPY,b",
      "2026-11-03,XM,999999,1,500,JPY,c",
    ]);
    const before = await admin.cashback.batch({ batchId: preview.batchId });
    expect(before!.batch).toMatchObject({
      status: "previewed",
      matched: 2,
      amountToCredit: 2_292,
      amountCredited: 0,
    });
    await importsOf(admin, t.db).commit({ batchId: preview.batchId });
    const after = await admin.cashback.batch({ batchId: preview.batchId });
    expect(after!.batch).toMatchObject({
      status: "committed",
      amountToCredit: 0,
      amountCredited: 2_292,
    });
  });
});
