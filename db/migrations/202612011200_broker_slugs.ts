import type { MigrationDb } from "./support";
import { createTable, ownedBy, types } from "./support";

/**
 * The codes a broker had before (decision 113): a broker's public page is /brokers/<code>, and
 * when an admin changes the code the old address keeps working as a permanent redirect. A new
 * table only: nothing the previous release reads changes.
 */
export async function up(db: MigrationDb): Promise<void> {
  await createTable(db, "broker_slugs")
    .addColumn("slug", "varchar(32)", (c) => c.primaryKey())
    .addColumn("broker_id", types.id, ownedBy("brokers.id"))
    .addColumn("created_at", types.timestamp, (c) => c.notNull())
    .execute();
}
