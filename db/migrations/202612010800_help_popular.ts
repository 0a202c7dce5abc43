import type { MigrationDb } from "./support";

/**
 * Popular questions on /help (decision 105): the admin marks the articles members ask about
 * most; /help lists the marked ones first, in the admin's order. A new column with a default:
 * the previous release neither reads nor writes it.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .alterTable("help_articles")
    .addColumn("popular", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable("help_articles").dropColumn("popular").execute();
}
