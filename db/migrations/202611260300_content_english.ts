import type { ColumnDataType } from "kysely";
import type { MigrationDb } from "./support";

/**
 * Admin-written content in English (decision 024): each text keeps its column, which holds the
 * Japanese (required where it was), and gains a nullable `<column>_en` beside it with the same
 * size. A member reading English gets the `_en` text where it is written, the Japanese
 * otherwise. The broker's conditions, written as `conditions_ja` / `conditions_en` before,
 * follow the same pattern: `conditions_ja` becomes `conditions`.
 */
const ENGLISH_COLUMNS: [table: string, column: string, type: ColumnDataType][] = [
  ["campaigns", "title_en", "varchar(200)"],
  ["campaigns", "body_en", "text"],
  ["campaigns", "conditions_en", "text"],
  ["gachas", "name_en", "varchar(100)"],
  ["gachas", "description_en", "varchar(2000)"],
  ["gacha_rewards", "name_en", "varchar(100)"],
  // The reward's English name as drawn, beside the Japanese snapshot `reward_name`.
  ["gacha_logs", "reward_name_en", "varchar(100)"],
  ["ranking_battles", "title_en", "varchar(100)"],
  ["popups", "title_en", "varchar(100)"],
  ["popups", "body_en", "varchar(4000)"],
  ["eas", "name_en", "varchar(100)"],
  ["eas", "description_en", "varchar(4000)"],
];

export async function up(db: MigrationDb): Promise<void> {
  for (const [table, column, type] of ENGLISH_COLUMNS) {
    await db.schema.alterTable(table).addColumn(column, type).execute();
  }
  await db.schema.alterTable("brokers").renameColumn("conditions_ja", "conditions").execute();
  // Conditions written only in English were shown to Japanese readers too (the old fallback
  // went both ways); they stay shown, now as the broker's main text.
  await db
    .updateTable("brokers")
    .set((eb) => ({ conditions: eb.ref("conditions_en") }))
    .where("conditions", "is", null)
    .where("conditions_en", "is not", null)
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable("brokers").renameColumn("conditions", "conditions_ja").execute();
  for (const [table, column] of [...ENGLISH_COLUMNS].reverse()) {
    await db.schema.alterTable(table).dropColumn(column).execute();
  }
}
