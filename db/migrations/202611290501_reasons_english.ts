import type { MigrationDb } from "./support";

/**
 * Free text admins write to one member, in English too (decision 048, after decision 024): a
 * nullable `<column>_en` beside the Japanese, the same size. A member reading English gets it
 * where it is written, the Japanese with a "Japanese" mark otherwise.
 */
const ENGLISH_COLUMNS: [table: string, column: string, type: "varchar(500)" | "varchar(200)"][] = [
  ["withdrawals", "reject_reason_en", "varchar(500)"],
  ["transfers", "fail_reason_en", "varchar(500)"],
  ["presents", "reason_en", "varchar(200)"],
];

export async function up(db: MigrationDb): Promise<void> {
  for (const [table, column, type] of ENGLISH_COLUMNS) {
    await db.schema.alterTable(table).addColumn(column, type).execute();
  }
}
