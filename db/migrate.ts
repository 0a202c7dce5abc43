import { Migrator, type MigrationResultSet } from "kysely";
import type { Db } from "./index";
import { migrations } from "./migrations";

export function createMigrator(db: Db): Migrator {
  return new Migrator({
    db: db.kysely,
    provider: { getMigrations: async () => migrations },
    // Several web processes may start at once: Kysely takes a lock table so only one migrates.
    migrationTableName: "kysely_migration",
    migrationLockTableName: "kysely_migration_lock",
  });
}

/** Apply every pending migration; throws with the failing migration's name on error. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const result: MigrationResultSet = await createMigrator(db).migrateToLatest();
  const applied = (result.results ?? []).filter((r) => r.status === "Success");
  const failed = (result.results ?? []).find((r) => r.status === "Error");
  if (result.error) {
    const name = failed ? ` (${failed.migrationName})` : "";
    const cause = result.error instanceof Error ? result.error.message : String(result.error);
    throw new Error(`migration failed${name}: ${cause}`, { cause: result.error });
  }
  return applied.map((r) => r.migrationName);
}
