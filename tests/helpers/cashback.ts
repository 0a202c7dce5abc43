import type { Db } from "../../db";
import { newId } from "../../db/id";
import { nowDb } from "../../db/time";

export async function createBroker(db: Db, code: string, name = code) {
  const id = newId();
  const now = nowDb();
  await db.kysely
    .insertInto("brokers")
    .values({
      id,
      code,
      name,
      account_kind: "mt_number",
      id_charset: null,
      id_min_length: null,
      id_max_length: null,
      signup_url: "https://example.com/signup",
      logo_path: null,
      banner_path: null,
      auto_rebate: 0,
      active: 1,
      display_order: 0,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

export async function createAccount(
  db: Db,
  userId: string,
  brokerId: string,
  number: string,
  status: "pending" | "approved" | "denied" = "approved",
  /** The admin who decided, where a test looks at who approved it. */
  decidedBy: string | null = null,
) {
  const id = newId();
  const now = nowDb();
  await db.kysely
    .insertInto("broker_accounts")
    .values({
      id,
      user_id: userId,
      broker_id: brokerId,
      account_number: number,
      live_number: status === "denied" ? null : number,
      status,
      deny_reason: null,
      decided_at: status === "pending" ? null : now,
      decided_by: status === "pending" ? null : decidedBy,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

export function report(lines: string[]): string {
  return Buffer.from(
    ["trade_date,broker,account,lots,amount,currency,row_key", ...lines].join("\n"),
  ).toString("base64");
}
