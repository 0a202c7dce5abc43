import type { Db } from "../index";
import { newId } from "../id";
import type { AccountKind, IdCharset } from "../schema";
import { nowDb } from "../time";
import { existingId } from "./support";

interface SeedBroker {
  code: string;
  name: string;
  kind: AccountKind;
  charset?: IdCharset;
  min?: number;
  max?: number;
  signupUrl: string;
  autoRebate?: boolean;
}

/**
 * The usual brokers, with demo art under public/brokers/. Exness (UID) and TitanFX (customer
 * id) show the two kinds of broker-specific ids; Errante is the auto-rebate broker.
 */
export const SEED_BROKERS: SeedBroker[] = [
  { code: "xm", name: "XM", kind: "mt_number", signupUrl: "https://www.xmtrading.com/" },
  {
    code: "exness",
    name: "Exness",
    kind: "uid",
    charset: "alnum",
    min: 8,
    max: 8,
    signupUrl: "https://www.exness.com/",
  },
  { code: "axi", name: "Axi", kind: "mt_number", signupUrl: "https://www.axi.com/" },
  {
    code: "errante",
    name: "Errante",
    kind: "mt_number",
    signupUrl: "https://errante.com/",
    autoRebate: true,
  },
  {
    code: "titanfx",
    name: "TitanFX",
    kind: "customer_id",
    charset: "digits",
    min: 6,
    max: 8,
    signupUrl: "https://titanfx.com/",
  },
  {
    code: "bigboss",
    name: "BigBoss",
    kind: "mt_number",
    signupUrl: "https://www.bigboss-financial.com/",
  },
];

/** Inserts each broker unless its code exists; an admin's later edits are never overwritten. */
async function ensureBrokers(db: Db): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const [index, b] of SEED_BROKERS.entries()) {
    const existing = await existingId(db, "brokers", "code", b.code);
    if (existing) {
      ids.set(b.code, existing);
      continue;
    }
    const id = newId();
    const now = nowDb();
    await db.kysely
      .insertInto("brokers")
      .values({
        id,
        code: b.code,
        name: b.name,
        account_kind: b.kind,
        id_charset: b.charset ?? null,
        id_min_length: b.min ?? null,
        id_max_length: b.max ?? null,
        signup_url: b.signupUrl,
        logo_path: `/brokers/${b.code}-logo.svg`,
        banner_path: `/brokers/${b.code}-banner.svg`,
        auto_rebate: b.autoRebate ? 1 : 0,
        active: 1,
        display_order: (index + 1) * 10,
        created_at: now,
        updated_at: now,
      })
      .execute();
    ids.set(b.code, id);
  }
  return ids;
}

/**
 * Brokers, and for the demo member two approved and two pending accounts (and one approved
 * account each for the other demo members), so the lists have something to show. Each account is added only if that
 * broker and number are not registered yet.
 */
export async function seedBrokers(
  db: Db,
  people: { adminId: string; memberId: string; others?: string[] },
) {
  const brokers = await ensureBrokers(db);
  const accounts = [
    { broker: "xm", number: "123456", approved: true, user: people.memberId },
    { broker: "exness", number: "EX12AB34", approved: true, user: people.memberId },
    { broker: "axi", number: "654321", approved: false, user: people.memberId },
    { broker: "titanfx", number: "7654321", approved: false, user: people.memberId },
    // The friend and the eight-figure member trade too (the friend's cashback pays the demo
    // member's affiliate rewards).
    ...(people.others ?? []).map((user, i) => ({
      broker: "xm",
      number: String(223456 + i * 100000),
      approved: true,
      user,
    })),
  ];
  for (const a of accounts) {
    const brokerId = brokers.get(a.broker)!;
    const existing = await db.kysely
      .selectFrom("broker_accounts")
      .select("id")
      .where("broker_id", "=", brokerId)
      .where("account_number", "=", a.number)
      .executeTakeFirst();
    if (existing) continue;
    const now = nowDb();
    await db.kysely
      .insertInto("broker_accounts")
      .values({
        id: newId(),
        user_id: a.user,
        broker_id: brokerId,
        account_number: a.number,
        live_number: a.number,
        status: a.approved ? "approved" : "pending",
        deny_reason: null,
        decided_at: a.approved ? now : null,
        decided_by: a.approved ? people.adminId : null,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
}
