import type { MigrationDb } from "./support";

/**
 * A cashback account's account type at its broker ("Standard", "Zero"): one of the broker's
 * rate rows' types (decision 029), so the import's rate check uses that type's rate. Null
 * when the member did not say (accounts registered before, or a broker without rates).
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable("broker_accounts").addColumn("account_type", "varchar(60)").execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable("broker_accounts").dropColumn("account_type").execute();
}
