import { sql } from "kysely";
import { createIdTable, createTable, index, type MigrationDb, timestamps, types } from "./support";

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
    .$call(timestamps)
    .execute();

  await createIdTable(db, "ledger_transactions")
    .addColumn("idempotency_key", "varchar(128)", (c) => c.notNull().unique())
    .addColumn("kind", "varchar(32)", (c) => c.notNull())
    .addColumn("ref_type", "varchar(32)", (c) => c.notNull())
    .addColumn("ref_id", "varchar(64)", (c) => c.notNull())
    .addColumn("created_at", types.timestamp, (c) => c.notNull())
    .execute();
  await index(db, "ledger_transactions_ref_idx", "ledger_transactions", ["ref_type", "ref_id"]);

  await createIdTable(db, "ledger_entries")
    .addColumn("tx_id", types.id, (c) => c.notNull().references("ledger_transactions.id"))
    .addColumn("wallet_id", "varchar(32)", (c) => c.notNull().references("wallets.id"))
    .addColumn("bucket", "varchar(16)", (c) => c.notNull())
    .addColumn("amount", types.money, (c) => c.notNull())
    .addColumn("created_at", types.timestamp, (c) => c.notNull())
    .execute();
  await index(db, "ledger_entries_tx_idx", "ledger_entries", ["tx_id"]);
  await index(db, "ledger_entries_wallet_idx", "ledger_entries", ["wallet_id", "created_at"]);

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

  await createIdTable(db, "withdrawals")
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
  await index(db, "withdrawals_request_key_idx", "withdrawals", ["user_id", "request_key"], {
    unique: true,
  });
  await index(db, "withdrawals_user_created_idx", "withdrawals", ["user_id", "created_at"]);
  await index(db, "withdrawals_status_created_idx", "withdrawals", ["status", "created_at"]);
  await index(db, "withdrawals_method_status_idx", "withdrawals", [
    "method",
    "status",
    "created_at",
  ]);

  await createIdTable(db, "transfers")
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
  await index(db, "transfers_request_key_idx", "transfers", ["sender_id", "request_key"], {
    unique: true,
  });
  await index(db, "transfers_sender_created_idx", "transfers", ["sender_id", "created_at"]);
  await index(db, "transfers_receiver_created_idx", "transfers", ["receiver_id", "created_at"]);
  await index(db, "transfers_status_created_idx", "transfers", ["status", "created_at"]);

  await createIdTable(db, "presents")
    .addColumn("user_id", types.id, (c) => c.notNull().references("users.id"))
    .addColumn("amount", types.money, (c) => c.notNull())
    .addColumn("reason", "varchar(200)", (c) => c.notNull())
    .addColumn("campaign_id", types.id)
    .addColumn("request_key", "varchar(64)", (c) => c.notNull().unique())
    .addColumn("created_by", types.id, (c) => c.references("users.id"))
    .addColumn("created_at", types.timestamp, (c) => c.notNull())
    .execute();
  await index(db, "presents_user_created_idx", "presents", ["user_id", "created_at"]);
  await index(db, "presents_created_idx", "presents", ["created_at"]);
  await index(db, "presents_campaign_idx", "presents", ["campaign_id"]);
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
