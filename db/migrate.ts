import { Migrator, sql, type Migration, type MigrationResultSet } from "kysely";
import { VERSION } from "#server/version";
import type { Db } from "./index";
import { migrations } from "./migrations";

const MIGRATION_TABLE = "kysely_migration";

/**
 * A migration is expand unless its name says contract (`YYYYMMDDHHMM_contract_what.ts`). Expand
 * migrations only add (tables, nullable or defaulted columns, indexes), so the previous release
 * runs on a database that has them; a contract migration drops or changes what an older
 * release may still use, so an older build refuses a database that has one it does not know.
 * The name is the mark because the name is all an older build can read of a newer migration
 * (kysely_migration holds names only).
 */
const CONTRACT_NAME = /^\d{12}_contract_/;

/**
 * Contract migrations named before the rule: both are part of release 0.1.0, so
 * every build that reads this list already knows them; the list keeps the classification honest.
 */
const CONTRACTS_NAMED_BEFORE_THE_RULE = new Set([
  "202611270110_ranking_cashback_by_import",
  "202611280100_summary_prefix_indexes",
]);

export function isContract(name: string): boolean {
  return CONTRACT_NAME.test(name) || CONTRACTS_NAMED_BEFORE_THE_RULE.has(name);
}

/** The database was migrated by a newer release past a contract migration this build lacks. */
export class NewerSchemaError extends Error {
  constructor(readonly contract: string[]) {
    super(
      `the database was migrated by a newer release: its contract migration${contract.length > 1 ? "s" : ""} ${contract.join(", ")} ` +
        `removed what this build (${VERSION}) may still use, so it does not start. ` +
        `Run the newer release, or restore the backup taken before it (docs/operations.md, "Rolling back")`,
    );
    this.name = "NewerSchemaError";
  }
}

/** What a start-up found: the migrations it applied, and those of newer releases it tolerated. */
export interface SchemaState {
  applied: string[];
  /** Expand migrations recorded by a newer release that this build does not know. */
  ahead: string[];
}

async function executedNames(db: Db): Promise<string[]> {
  const tables = await db.kysely.introspection.getTables({ withInternalKyselyTables: true });
  if (!tables.some((table) => table.name === MIGRATION_TABLE)) return [];
  const { rows } = await sql<{
    name: string;
  }>`select name from ${sql.table(MIGRATION_TABLE)}`.execute(db.kysely);
  return rows.map((row) => row.name);
}

/**
 * The executed migrations this build does not know, all expand; throws NewerSchemaError when
 * any is contract.
 */
export async function migrationsAhead(
  db: Db,
  known: Record<string, Migration> = migrations,
): Promise<string[]> {
  const ahead = (await executedNames(db)).filter((name) => !Object.hasOwn(known, name)).sort();
  const contract = ahead.filter(isContract);
  if (contract.length) throw new NewerSchemaError(contract);
  return ahead;
}

/**
 * Where the database stands against this build without changing it: the migrations this build
 * would apply, and a newer release's expand migrations it would tolerate. Throws
 * NewerSchemaError as a start would.
 */
export async function migrationStatus(
  db: Db,
  known: Record<string, Migration> = migrations,
): Promise<{ pending: string[]; ahead: string[] }> {
  const ahead = await migrationsAhead(db, known);
  const executed = new Set(await executedNames(db));
  return { pending: Object.keys(known).filter((name) => !executed.has(name)), ahead };
}

/** A stand-in for a newer release's expand migration: Kysely sees it as known and done. */
function applied(name: string): Migration {
  const refuse = () => {
    throw new Error(`${name} belongs to a newer release; this build cannot run it`);
  };
  return { up: async () => refuse(), down: async () => refuse() };
}

export function createMigrator(
  db: Db,
  ahead: string[] = [],
  known: Record<string, Migration> = migrations,
): Migrator {
  const all = { ...known, ...Object.fromEntries(ahead.map((name) => [name, applied(name)])) };
  return new Migrator({
    db: db.kysely,
    provider: { getMigrations: async () => all },
    // Several web processes may start at once: Kysely takes a lock table so only one migrates.
    migrationTableName: MIGRATION_TABLE,
    migrationLockTableName: "kysely_migration_lock",
  });
}

/**
 * What a process does with the schema at start: with `migrate`, apply every pending migration;
 * either way, tolerate expand migrations of a newer release (returned in `ahead`, for the log)
 * and refuse contract ones (NewerSchemaError). Throws with the failing migration's name on error.
 */
export async function prepareSchema(
  db: Db,
  options: { migrate: boolean; known?: Record<string, Migration> },
): Promise<SchemaState> {
  const known = options.known ?? migrations;
  const ahead = await migrationsAhead(db, known);
  if (!options.migrate) return { applied: [], ahead };
  const result: MigrationResultSet = await createMigrator(db, ahead, known).migrateToLatest();
  const failed = (result.results ?? []).find((r) => r.status === "Error");
  if (result.error) {
    const name = failed ? ` (${failed.migrationName})` : "";
    const cause = result.error instanceof Error ? result.error.message : String(result.error);
    throw new Error(`migration failed${name}: ${cause}`, { cause: result.error });
  }
  const done = (result.results ?? []).filter((r) => r.status === "Success");
  return { applied: done.map((r) => r.migrationName), ahead };
}

/** The start-up's log lines about the schema. */
export function logSchema(
  log: { info(fields: object, message: string): void; warn(fields: object, message: string): void },
  schema: SchemaState,
): void {
  if (schema.applied.length) log.info({ applied: schema.applied }, "migrations applied");
  if (schema.ahead.length)
    log.warn(
      { ahead: schema.ahead },
      "the database has expand migrations of a newer release: running on it (they only add)",
    );
}

/** Apply every pending migration; throws with the failing migration's name on error. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  return (await prepareSchema(db, { migrate: true })).applied;
}
