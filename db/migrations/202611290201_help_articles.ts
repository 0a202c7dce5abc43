import type { MigrationDb } from "./support";
import { byUser, createIdTable, index, timestamps, types } from "./support";

/**
 * The help centre's articles (FAQ): a question and its answer in Japanese (required) and
 * English (optional), a category from a fixed list, an order within it, published or not,
 * and a slug for its URL (/help/<slug>). search_text is the four texts normalised (NFKC,
 * lower case, katakana as hiragana) so one LIKE finds a part of a word on both engines.
 */
export async function up(db: MigrationDb): Promise<void> {
  await createIdTable(db, "help_articles")
    .addColumn("slug", "varchar(100)", (c) => c.notNull())
    .addColumn("category", "varchar(32)", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("published", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("title", "varchar(200)", (c) => c.notNull())
    .addColumn("title_en", "varchar(200)")
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("body_en", "text")
    .addColumn("search_text", "text", (c) => c.notNull())
    .addColumn("updated_by", types.id, byUser)
    .$call(timestamps)
    .execute();
  await index(db, "help_articles_slug_uq", "help_articles", ["slug"], { unique: true });
  await index(db, "help_articles_list_idx", "help_articles", ["published", "category", "position"]);
  await index(db, "help_articles_by_idx", "help_articles", ["updated_by"]);
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable("help_articles").execute();
}
