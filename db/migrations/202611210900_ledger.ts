import { sql } from "kysely";
import { createTable, type MigrationDb, types } from "./support";

/**
 * Money. Every movement is a ledger transaction (unique idempotency key) whose entries sum to
 * zero; a wallet's balance and held amount are the sums of its entries per bucket. System
 * wallets (house, payouts, fees) are the counterparties, so all entries together sum to zero.
 */
export async function up(db: MigrationDb): Promise<void> {
  await createTable(db, "wallets")
    .addColumn("id", "varchar(32)", (c) => c.primaryKey())
    .addColumn("user_id", types.id, (c) => c.references("users.id").onDelete("restrict").unique())
    .addColumn("kind", "varchar(16)", (c) => c.notNull())
    .addColumn("balance", types.money, (c) => c.notNull().defaultTo(0))
    .addColumn("held", types.money, (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", types.timestamp, (c) => c.notNull())
    .addColumn("updated_at", types.timestamp, (c) => c.notNull())
    .execute();

  await createTable(db, "ledger_transactions")
    .addColumn("id", types.id, (c) => c.primaryKey())
    .addColumn("idempotency_key", "varchar(128)", (c) => c.notNull().unique())
    .addColumn("kind", "varchar(32)", (c) => c.notNull())
    .addColumn("ref_type", "varchar(32)", (c) => c.notNull())
    .addColumn("ref_id", "varchar(64)", (c) => c.notNull())
    .addColumn("created_at", types.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("ledger_transactions_ref_idx")
    .on("ledger_transactions")
    .columns(["ref_type", "ref_id"])
    .execute();

  await createTable(db, "ledger_entries")
    .addColumn("id", types.id, (c) => c.primaryKey())
    .addColumn("tx_id", types.id, (c) => c.notNull().references("ledger_transactions.id"))
    .addColumn("wallet_id", "varchar(32)", (c) => c.notNull().references("wallets.id"))
    .addColumn("bucket", "varchar(16)", (c) => c.notNull())
    .addColumn("amount", types.money, (c) => c.notNull())
    .addColumn("created_at", types.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("ledger_entries_tx_idx")
    .on("ledger_entries")
    .column("tx_id")
    .execute();
  await db.schema
    .createIndex("ledger_entries_wallet_idx")
    .on("ledger_entries")
    .columns(["wallet_id", "created_at"])
    .execute();

  const now = sql`'2026-11-21 09:00:00.000'`;
  for (const id of ["sys:house", "sys:payouts", "sys:fees"]) {
    await db
      .insertInto("wallets")
      .values({
        id,
        user_id: null,
        kind: "system",
        balance: 0,
        held: 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }

  await createTable(db, "withdrawals")
    .addColumn("id", types.id, (c) => c.primaryKey())
    .addColumn("user_id", types.id, (c) => c.notNull().references("users.id"))
    .addColumn("method", "varchar(16)", (c) => c.notNull())
    .addColumn("amount", types.money, (c) => c.notNull())
    .addColumn("status", "varchar(16)", (c) => c.notNull())
    .addColumn("payout", "text", (c) => c.notNull())
    .addColumn("request_key", "varchar(64)", (c) => c.notNull())
    .addColumn("next_business_day", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("created_at", types.timestamp, (c) => c.notNull())
    .addColumn("completed_at", types.timestamp)
    .addColumn("rejected_at", types.timestamp)
    .addColumn("reject_reason", "varchar(500)")
    .addColumn("cancelled_at", types.timestamp)
    .addColumn("decided_by", types.id, (c) => c.references("users.id"))
    .execute();
  await db.schema
    .createIndex("withdrawals_request_key_idx")
    .on("withdrawals")
    .columns(["user_id", "request_key"])
    .unique()
    .execute();
  await db.schema
    .createIndex("withdrawals_user_created_idx")
    .on("withdrawals")
    .columns(["user_id", "created_at"])
    .execute();
  await db.schema
    .createIndex("withdrawals_status_created_idx")
    .on("withdrawals")
    .columns(["status", "created_at"])
    .execute();
  await db.schema
    .createIndex("withdrawals_method_status_idx")
    .on("withdrawals")
    .columns(["method", "status", "created_at"])
    .execute();

  await createTable(db, "transfers")
    .addColumn("id", types.id, (c) => c.primaryKey())
    .addColumn("sender_id", types.id, (c) => c.notNull().references("users.id"))
    .addColumn("receiver_id", types.id, (c) => c.notNull().references("users.id"))
    .addColumn("amount", types.money, (c) => c.notNull())
    .addColumn("fee", types.money, (c) => c.notNull())
    .addColumn("fee_rate_bp", "integer", (c) => c.notNull())
    .addColumn("message", "varchar(200)")
    .addColumn("status", "varchar(16)", (c) => c.notNull())
    .addColumn("request_key", "varchar(64)", (c) => c.notNull())
    .addColumn("created_at", types.timestamp, (c) => c.notNull())
    .addColumn("decided_at", types.timestamp)
    .addColumn("decided_by", types.id, (c) => c.references("users.id"))
    .addColumn("fail_reason", "varchar(500)")
    .execute();
  await db.schema
    .createIndex("transfers_request_key_idx")
    .on("transfers")
    .columns(["sender_id", "request_key"])
    .unique()
    .execute();
  await db.schema
    .createIndex("transfers_sender_created_idx")
    .on("transfers")
    .columns(["sender_id", "created_at"])
    .execute();
  await db.schema
    .createIndex("transfers_receiver_created_idx")
    .on("transfers")
    .columns(["receiver_id", "created_at"])
    .execute();
  await db.schema
    .createIndex("transfers_status_created_idx")
    .on("transfers")
    .columns(["status", "created_at"])
    .execute();

  await createTable(db, "presents")
    .addColumn("id", types.id, (c) => c.primaryKey())
    .addColumn("user_id", types.id, (c) => c.notNull().references("users.id"))
    .addColumn("amount", types.money, (c) => c.notNull())
    .addColumn("reason", "varchar(200)", (c) => c.notNull())
    .addColumn("campaign_id", types.id)
    .addColumn("request_key", "varchar(64)", (c) => c.notNull().unique())
    .addColumn("created_by", types.id, (c) => c.references("users.id"))
    .addColumn("created_at", types.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("presents_user_created_idx")
    .on("presents")
    .columns(["user_id", "created_at"])
    .execute();
  await db.schema.createIndex("presents_created_idx").on("presents").column("created_at").execute();
  await db.schema
    .createIndex("presents_campaign_idx")
    .on("presents")
    .column("campaign_id")
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of [
    "presents",
    "transfers",
    "withdrawals",
    "ledger_entries",
    "ledger_transactions",
    "wallets",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
