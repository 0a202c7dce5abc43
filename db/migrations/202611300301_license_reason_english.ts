import type { MigrationDb } from "./support";

/**
 * The English of an EA licence's rejection or revocation reason (decision 048): nullable beside
 * the Japanese, the same size; none shows the Japanese to English readers.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable("ea_licenses").addColumn("reason_en", "varchar(500)").execute();
}
