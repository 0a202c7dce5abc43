import { Migrator, sql, type Migration } from "kysely";
import { describe, expect, it } from "vitest";
import {
  isContract,
  migrateToLatest,
  migrationsAhead,
  NewerSchemaError,
  prepareSchema,
} from "#db/migrate";
import { migrations } from "#db/migrations";
import type { MigrationDb } from "#db/migrations/support";
import { testEngine } from "../helpers/db";
import { fileDatabase } from "../helpers/file-db";

const t = fileDatabase();

// A newer release, made here: this build's migrations and one more of each kind. The expand one
// adds a table, the contract one drops it again (what it drops does not matter to the refusal:
// its name does).
const EXPAND = "209901010000_upgrade_probe";
const CONTRACT = "209901010100_contract_upgrade_probe";
const expand: Migration = {
  up: async (db: MigrationDb) => {
    await db.schema.createTable("upgrade_probe").addColumn("id", "varchar(26)").execute();
  },
};
const contract: Migration = {
  up: async (db: MigrationDb) => {
    await db.schema.dropTable("upgrade_probe").execute();
  },
};
const newer = { ...migrations, [EXPAND]: expand };
const newest = { ...newer, [CONTRACT]: contract };

async function forget(name: string) {
  await sql`delete from kysely_migration where name = ${name}`.execute(t.db.kysely);
}

describe(`migrations of a newer release on ${testEngine}`, () => {
  it("are contract only when named so (or one of the two named before the rule)", () => {
    expect(isContract(CONTRACT)).toBe(true);
    expect(isContract(EXPAND)).toBe(false);
    expect(isContract("202611270110_ranking_cashback_by_import")).toBe(true);
    expect(isContract("202611280100_summary_prefix_indexes")).toBe(true);
    const contracts = Object.keys(migrations).filter(isContract);
    expect(contracts).toEqual([
      "202611270110_ranking_cashback_by_import",
      "202611280100_summary_prefix_indexes",
    ]);
  });

  it("Kysely alone refuses a database with a migration it does not know", async () => {
    expect(await prepareSchema(t.db, { migrate: true, known: newer })).toEqual({
      applied: [EXPAND],
      ahead: [],
    });
    const plain = new Migrator({
      db: t.db.kysely,
      provider: { getMigrations: async () => migrations },
    });
    const result = await plain.migrateToLatest();
    expect(String(result.error)).toContain(`previously executed migration ${EXPAND} is missing`);
  });

  it("this build starts on expand migrations ahead, migrating or not, and names them", async () => {
    expect(await migrationsAhead(t.db)).toEqual([EXPAND]);
    expect(await prepareSchema(t.db, { migrate: true })).toEqual({ applied: [], ahead: [EXPAND] });
    expect(await prepareSchema(t.db, { migrate: false })).toEqual({ applied: [], ahead: [EXPAND] });
    expect(await migrateToLatest(t.db)).toEqual([]);
  });

  it("this build refuses a contract migration ahead, naming it and what to do", async () => {
    expect(await prepareSchema(t.db, { migrate: true, known: newest })).toEqual({
      applied: [CONTRACT],
      ahead: [],
    });
    for (const migrate of [true, false]) {
      const refused = await prepareSchema(t.db, { migrate }).then(
        () => null,
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(NewerSchemaError);
      const message = (refused as Error).message;
      expect(message).toContain(CONTRACT);
      expect(message).not.toContain(EXPAND);
      expect(message).toContain("restore the backup");
    }
    // The newer release itself still runs on it.
    expect(await prepareSchema(t.db, { migrate: true, known: newest })).toEqual({
      applied: [],
      ahead: [],
    });
    await forget(CONTRACT);
    await forget(EXPAND);
    expect(await migrateToLatest(t.db)).toEqual([]);
  });
});
