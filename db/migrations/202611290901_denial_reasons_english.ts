import type { MigrationDb } from "./support";

/**
 * The English of the denial reasons an admin writes to one member (decision 048): a broker
 * account's and an EA dedicated-account request's, nullable beside the Japanese, the same size.
 */
const ENGLISH_COLUMNS: [table: string, column: string][] = [
  ["broker_accounts", "deny_reason_en"],
  ["ea_account_requests", "reason_en"],
];

export async function up(db: MigrationDb): Promise<void> {
  for (const [table, column] of ENGLISH_COLUMNS) {
    await db.schema.alterTable(table).addColumn(column, "varchar(500)").execute();
  }
}
