import type { Db } from "../index";
import { newId } from "../id";
import type { AccountKind, CreditCycle, IdCharset, RateKind } from "../schema";
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
  terms: SeedTerms;
}

interface SeedTerms {
  /** [account type, kind, rate in hundredths] */
  rates: [string, RateKind, number][];
  cycle: CreditCycle | null;
  day: number | null;
  ja: string;
  en: string;
}

const CONDITIONS = {
  ja: "当サイト経由で開設した口座の取引が対象です。ボーナスのみでの取引、両建て、短時間の繰り返し取引は対象外です。",
  en: "Trades on accounts opened through this site count. Trading on bonus funds only, hedged positions and rapid repeated trades do not.",
};

/**
 * The usual brokers, with demo art under public/brokers/. Exness (UID) and TitanFX (customer
 * id) show the two kinds of broker-specific ids; Errante is the auto-rebate broker.
 */
export const SEED_BROKERS: SeedBroker[] = [
  {
    code: "xm",
    name: "XM",
    kind: "mt_number",
    signupUrl: "https://www.xmtrading.com/",
    terms: {
      rates: [
        ["Standard", "jpy_per_lot", 64_000],
        ["Micro", "jpy_per_lot", 6_400],
        ["Zero", "usd_per_lot", 450],
        ["KIWAMI", "spread_percent", 3_000],
      ],
      cycle: "monthly",
      day: 10,
      ...CONDITIONS,
    },
  },
  {
    code: "exness",
    name: "Exness",
    kind: "uid",
    charset: "alnum",
    min: 8,
    max: 8,
    signupUrl: "https://www.exness.com/",
    terms: {
      rates: [
        ["Standard", "spread_percent", 4_000],
        ["Pro", "usd_per_lot", 450],
      ],
      cycle: "weekly",
      day: 5,
      ...CONDITIONS,
    },
  },
  {
    code: "axi",
    name: "Axi",
    kind: "mt_number",
    signupUrl: "https://www.axi.com/",
    terms: {
      rates: [
        ["Standard", "jpy_per_lot", 64_000],
        ["Pro", "usd_per_lot", 300],
      ],
      cycle: "monthly",
      day: 15,
      ...CONDITIONS,
    },
  },
  {
    code: "errante",
    name: "Errante",
    kind: "mt_number",
    signupUrl: "https://errante.com/",
    autoRebate: true,
    terms: {
      rates: [["Standard", "jpy_per_lot", 70_000]],
      cycle: "weekly",
      day: 3,
      ja: "口座を開設するだけで自動的にリベートが付きます(申請不要)。",
      en: "Rebates are paid automatically once the account is open (no application).",
    },
  },
  {
    code: "titanfx",
    name: "TitanFX",
    kind: "customer_id",
    charset: "digits",
    min: 6,
    max: 8,
    signupUrl: "https://titanfx.com/",
    terms: {
      rates: [
        ["Standard", "jpy_per_lot", 64_000],
        ["Blade", "usd_per_lot", 350],
      ],
      cycle: "monthly",
      day: 5,
      ...CONDITIONS,
    },
  },
  {
    code: "bigboss",
    name: "BigBoss",
    kind: "mt_number",
    signupUrl: "https://www.bigboss-financial.com/",
    // No schedule announced yet: the pages say so.
    terms: {
      rates: [
        ["Standard", "jpy_per_lot", 80_000],
        ["Pro Spread", "jpy_per_lot", 30_000],
      ],
      cycle: null,
      day: null,
      ...CONDITIONS,
    },
  },
];

/** Inserts each broker unless its code exists; an admin's later edits are never overwritten. */
async function ensureBrokers(db: Db): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const [index, b] of SEED_BROKERS.entries()) {
    const existing = await existingId(db, "brokers", { code: b.code });
    if (existing) {
      ids.set(b.code, existing);
      await ensureTerms(db, existing, b.terms);
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
    await ensureTerms(db, id, b.terms);
  }
  return ids;
}

/**
 * Gives a broker the demo terms unless it has terms already (rates or a schedule): a database
 * seeded before brokers had terms gets them, and an admin's own terms are never overwritten.
 */
async function ensureTerms(db: Db, brokerId: string, terms: SeedTerms) {
  const broker = await db.kysely
    .selectFrom("brokers")
    .select(["credit_cycle", "conditions"])
    .where("id", "=", brokerId)
    .executeTakeFirstOrThrow();
  const rate = await existingId(db, "broker_rates", { broker_id: brokerId });
  if (rate || broker.credit_cycle || broker.conditions) return;
  await db.kysely
    .updateTable("brokers")
    .set({
      credit_cycle: terms.cycle,
      credit_day: terms.day,
      conditions: terms.ja,
      conditions_en: terms.en,
    })
    .where("id", "=", brokerId)
    .execute();
  await db.kysely
    .insertInto("broker_rates")
    .values(
      terms.rates.map(([accountType, kind, valueX100], i) => ({
        id: newId(),
        broker_id: brokerId,
        account_type: accountType,
        kind,
        value_x100: valueX100,
        display_order: i,
      })),
    )
    .execute();
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
    const key = { broker_id: brokerId, account_number: a.number };
    if (await existingId(db, "broker_accounts", key)) continue;
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
