import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedEas, SEED_EAS } from "#tools/seed/eas";
import { seedGachas, SEED_GACHAS } from "#tools/seed/gachas";
import { checkLedger } from "#server/ledger";
import { localStorage } from "#server/storage";
import { createTestDb, testEngine, type TestDb } from "../helpers/db";
import { callerFor, createUser } from "../helpers/fixtures";
import { fund, key } from "../helpers/money";

let t: TestDb;
const uploads = mkdtempSync(path.join(tmpdir(), "portal-seed-uploads-"));
const previous = process.env.UPLOAD_DIR;

beforeAll(async () => {
  t = await createTestDb();
  process.env.UPLOAD_DIR = uploads;
});
afterAll(async () => {
  if (previous === undefined) delete process.env.UPLOAD_DIR;
  else process.env.UPLOAD_DIR = previous;
  expect(await checkLedger(t.db)).toEqual([]);
  await t.cleanup();
});

describe(`demo gachas and EAs on ${testEngine}`, () => {
  it("seeds once, however often it runs, and the demo data works", async () => {
    const admin = await createUser(t.db, { permission: "admin" });
    const member = await createUser(t.db);
    for (let run = 0; run < 2; run++) {
      await seedGachas(t.db, { adminId: admin.id });
      await seedEas(t.db, { adminId: admin.id, memberId: member.id });
    }
    const gachas = await t.db.kysely.selectFrom("gachas").select(["id", "name"]).execute();
    expect(gachas.map((g) => g.name).sort()).toEqual(SEED_GACHAS.map((g) => g.name).sort());
    const rewards = await t.db.kysely.selectFrom("gacha_rewards").select("id").execute();
    expect(rewards).toHaveLength(SEED_GACHAS.reduce((n, g) => n + g.rewards.length, 0));
    const files = await t.db.kysely.selectFrom("ea_files").select(["storage_key"]).execute();
    expect(files).toHaveLength(SEED_EAS.length);
    // Each demo file is really in the storage the server reads.
    for (const f of files) expect(await localStorage(uploads).get(f.storage_key)).not.toBeNull();

    // The open demo gacha can be drawn, and its odds add up to 100 %.
    await fund(t.db, member.id, 1_000);
    const caller = await callerFor(t.db, member.id);
    const open = (await caller.gachas.list({ filter: "open" })).rows;
    expect(open).toHaveLength(1);
    const details = await caller.gachas.get({ id: open[0]!.id });
    expect(details.rewards.reduce((s, r) => s + r.odds.percent, 0)).toBe(100);
    expect((await caller.gachas.draw({ gachaId: open[0]!.id, requestKey: key() })).replayed).toBe(
      false,
    );
    expect((await caller.eas.list({})).total).toBe(SEED_EAS.length);
  });
});
