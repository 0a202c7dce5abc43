import type { MigrationDb } from "./support";
import { byUser, createIdTable, index, ownedBy, timestamps, types } from "./support";

/**
 * Adjustment batches (decision 085): when a rate change is dated in the past, rows already
 * credited keep their price; an admin draws up a batch that re-prices them at the card in
 * force on their trade date and credits or debits each member the difference through the
 * ledger, once. New tables only: nothing the previous release reads changes.
 */
export async function up(db: MigrationDb): Promise<void> {
  await createIdTable(db, "rate_adjustments")
    .addColumn("broker_id", types.id, ownedBy("brokers.id"))
    // The Tokyo day from which credited rows were re-priced (the changed version's day).
    .addColumn("rates_from", "varchar(10)", (c) => c.notNull())
    // draft | applied
    .addColumn("status", "varchar(16)", (c) => c.notNull())
    .addColumn("rows_total", "integer", (c) => c.notNull())
    .addColumn("members_total", "integer", (c) => c.notNull())
    .addColumn("amount_credit", types.money, (c) => c.notNull())
    .addColumn("amount_debit", types.money, (c) => c.notNull())
    .addColumn("created_by", types.id, byUser)
    .addColumn("applied_by", types.id, byUser)
    .addColumn("applied_at", types.timestamp)
    .$call(timestamps)
    .execute();
  await index(db, "rate_adjustments_broker_idx", "rate_adjustments", ["broker_id", "created_at"]);

  await createIdTable(db, "rate_adjustment_members")
    .addColumn("adjustment_id", types.id, ownedBy("rate_adjustments.id"))
    .addColumn("user_id", types.id, (c) => c.notNull().references("users.id"))
    .addColumn("rows_total", "integer", (c) => c.notNull())
    .addColumn("old_yen", types.money, (c) => c.notNull())
    .addColumn("new_yen", types.money, (c) => c.notNull())
    // new_yen - old_yen: credited when positive, debited when negative.
    .addColumn("difference", types.money, (c) => c.notNull())
    // pending | applied | held | waived | partial
    .addColumn("status", "varchar(16)", (c) => c.notNull())
    // What the ledger moved for the member (signed yen); 0 until applied.
    .addColumn("moved", types.money, (c) => c.notNull().defaultTo(0))
    .addColumn("ledger_tx_id", types.id)
    // A debit the balance cannot cover: waive | debit_available, with the admin's reason.
    .addColumn("decision", "varchar(16)")
    .addColumn("decision_reason", "text")
    .addColumn("decided_by", types.id, byUser)
    .addColumn("decided_at", types.timestamp)
    .$call(timestamps)
    .execute();
  await index(
    db,
    "rate_adjustment_members_member_idx",
    "rate_adjustment_members",
    ["adjustment_id", "user_id"],
    { unique: true },
  );
  await index(db, "rate_adjustment_members_user_idx", "rate_adjustment_members", ["user_id"]);

  await createIdTable(db, "rate_adjustment_rows")
    .addColumn("adjustment_id", types.id, ownedBy("rate_adjustments.id"))
    .addColumn("cashback_id", types.id, (c) => c.notNull().references("cashbacks.id"))
    .addColumn("user_id", types.id, (c) => c.notNull().references("users.id"))
    .addColumn("trade_date", "varchar(10)", (c) => c.notNull())
    .addColumn("old_yen", types.money, (c) => c.notNull())
    .addColumn("new_yen", types.money, (c) => c.notNull())
    .addColumn("rate_type", "varchar(60)", (c) => c.notNull())
    .addColumn("rate_kind", "varchar(16)", (c) => c.notNull())
    .addColumn("rate_x100", "bigint", (c) => c.notNull())
    .addColumn("rate_from", "varchar(10)", (c) => c.notNull())
    .execute();
  await index(
    db,
    "rate_adjustment_rows_row_idx",
    "rate_adjustment_rows",
    ["adjustment_id", "cashback_id"],
    { unique: true },
  );
  await index(db, "rate_adjustment_rows_cashback_idx", "rate_adjustment_rows", ["cashback_id"]);
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable("rate_adjustment_rows").execute();
  await db.schema.dropTable("rate_adjustment_members").execute();
  await db.schema.dropTable("rate_adjustments").execute();
}
