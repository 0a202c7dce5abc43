import { sql } from "kysely";
import type { MigrationDb } from "./support";
import { byUser, createTable, index, ownedBy, types } from "./support";

/**
 * Rate cards with versions (decision 045): each rate row belongs to the version that takes
 * effect on its Tokyo date, so the import prices a row at the rates in force on its trade
 * date. A version is a row of its own (a version may list no rates: the broker stops paying),
 * saying when the admin scheduled it. Rates saved before versions existed become a version in
 * force from the start ("2000-01-01"). Each import
 * row and each cashback keeps the rate it was priced at and where that came from, and the IB
 * commission the broker reported for it: a later rate change never re-prices history.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .alterTable("broker_rates")
    .addColumn("effective_from", "varchar(10)", (c) => c.notNull().defaultTo("2000-01-01"))
    .execute();
  await index(db, "broker_rates_version_idx", "broker_rates", ["broker_id", "effective_from"]);
  await createTable(db, "broker_rate_versions")
    .addColumn("broker_id", types.id, ownedBy("brokers.id"))
    .addColumn("effective_from", "varchar(10)", (c) => c.notNull())
    .addColumn("created_by", types.id, byUser)
    .addColumn("created_at", types.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint("broker_rate_versions_pk", ["broker_id", "effective_from"])
    .execute();
  await sql`insert into broker_rate_versions (broker_id, effective_from, created_by, created_at)
    select distinct broker_id, '2000-01-01', null, '2000-01-01 00:00:00.000' from broker_rates`.execute(
    db,
  );
  for (const table of ["import_rows", "cashbacks"] as const) {
    // The rate applied: its account type, kind and value in hundredths, the version's date.
    await db.schema.alterTable(table).addColumn("rate_type", "varchar(60)").execute();
    await db.schema.alterTable(table).addColumn("rate_kind", "varchar(16)").execute();
    await db.schema.alterTable(table).addColumn("rate_x100", "bigint").execute();
    await db.schema.alterTable(table).addColumn("rate_from", "varchar(10)").execute();
    // account_type | default_type: the account's own type, or the broker's default type.
    await db.schema.alterTable(table).addColumn("rate_source", "varchar(16)").execute();
    // 1 when the amount was computed from the rate, 0 when the report gave it.
    await db.schema
      .alterTable(table)
      .addColumn("priced", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    // The IB commission the broker paid for the row, in yen (null when the report has none).
    await db.schema.alterTable(table).addColumn("commission_yen", "bigint").execute();
  }
  // The commission as reported (ten-thousandths of the row's currency): a row matched later
  // is priced again from it at its account's type.
  await db.schema.alterTable("import_rows").addColumn("commission_x10000", "bigint").execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable("import_rows").dropColumn("commission_x10000").execute();
  for (const table of ["cashbacks", "import_rows"] as const) {
    for (const column of [
      "commission_yen",
      "priced",
      "rate_source",
      "rate_from",
      "rate_x100",
      "rate_kind",
      "rate_type",
    ]) {
      await db.schema.alterTable(table).dropColumn(column).execute();
    }
  }
  await db.schema.dropTable("broker_rate_versions").execute();
  await db.schema.dropIndex("broker_rates_version_idx").on("broker_rates").execute();
  await db.schema.alterTable("broker_rates").dropColumn("effective_from").execute();
}
