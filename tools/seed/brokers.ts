import type { Db } from "#db";
import { newId } from "#db/id";
import type { AccountKind, CreditCycle, IdCharset, RateKind } from "#db/schema";
import { nowDb, toDbTime } from "#db/time";
import { existingId, tokyoMomentAgo } from "./support";

/** A demo broker's row: its code, name, account id kind, signup page and crediting schedule. */
type SeedBroker = [
  code: string,
  name: string,
  kind: AccountKind,
  signupUrl: string,
  cycle: CreditCycle | null,
  day: number | null,
];

/**
 * The usual brokers, with demo art under public/broker-art/ (display order as listed). BigBoss has
 * no schedule announced yet: the pages say so.
 */
const SEED_BROKERS: SeedBroker[] = [
  ["xm", "XM", "mt_number", "https://www.xmtrading.com/", "monthly", 10],
  ["exness", "Exness", "uid", "https://www.exness.com/", "weekly", 5],
  ["axi", "Axi", "mt_number", "https://www.axi.com/", "monthly", 15],
  ["errante", "Errante", "mt_number", "https://errante.com/", "weekly", 3],
  ["titanfx", "TitanFX", "customer_id", "https://titanfx.com/", "monthly", 5],
  ["bigboss", "BigBoss", "mt_number", "https://www.bigboss-financial.com/", null, null],
];

/** Exness (UID) and TitanFX (customer id) show the two kinds of broker-specific ids. */
const ID_RULES: Record<string, { charset: IdCharset; min: number; max: number }> = {
  exness: { charset: "alnum", min: 8, max: 8 },
  titanfx: { charset: "digits", min: 6, max: 8 },
};

/** Errante is the auto-rebate broker: its conditions say so instead of the usual ones. */
const AUTO_REBATE = "errante";

/** Each broker's rates, in its display order: [account type, kind, rate in hundredths]. */
const SEED_RATES: Record<string, [string, RateKind, number][]> = {
  xm: [
    ["Standard", "jpy_per_lot", 64_000],
    ["Micro", "jpy_per_lot", 6_400],
    ["Zero", "usd_per_lot", 450],
    ["KIWAMI", "spread_percent", 3_000],
  ],
  exness: [
    ["Standard", "spread_percent", 4_000],
    ["Pro", "usd_per_lot", 450],
  ],
  axi: [
    ["Standard", "jpy_per_lot", 64_000],
    ["Pro", "usd_per_lot", 300],
  ],
  errante: [["Standard", "jpy_per_lot", 70_000]],
  titanfx: [
    ["Standard", "jpy_per_lot", 64_000],
    ["Blade", "usd_per_lot", 350],
  ],
  bigboss: [
    ["Standard", "jpy_per_lot", 80_000],
    ["Pro Spread", "jpy_per_lot", 30_000],
  ],
};

const CONDITIONS = {
  ja: "当サイト経由で開設した口座の取引が対象です。ボーナスのみでの取引、両建て、短時間の繰り返し取引は対象外です。",
  en: "Trades on accounts opened through this site count. Trading on bonus funds only, hedged positions and rapid repeated trades do not.",
};

const AUTO_REBATE_CONDITIONS = {
  ja: "口座を開設するだけで自動的にリベートが付きます(申請不要)。",
  en: "Rebates are paid automatically once the account is open (no application).",
};

/**
 * A seeded broker's demo art, under public/broker-art/: not public/brokers/, which would share
 * its name with the /brokers page (the static files would answer it with a 301 to /brokers/).
 */
function seededArt(code: string, kind: "logo" | "banner") {
  return `/broker-art/${code}-${kind}.svg`;
}

/** A seeded broker's columns, from its row in the tables above and its place in the list. */
function brokerColumns([code, name, kind, signupUrl]: SeedBroker, index: number) {
  const rule = ID_RULES[code];
  return {
    code,
    name,
    account_kind: kind,
    id_charset: rule?.charset ?? null,
    id_min_length: rule?.min ?? null,
    id_max_length: rule?.max ?? null,
    signup_url: signupUrl,
    logo_path: seededArt(code, "logo"),
    banner_path: seededArt(code, "banner"),
    auto_rebate: code === AUTO_REBATE ? 1 : 0,
    active: 1,
    display_order: (index + 1) * 10,
  } as const;
}

/** Inserts each broker unless its code exists; an admin's later edits are never overwritten. */
async function ensureBrokers(db: Db): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const [index, broker] of SEED_BROKERS.entries()) {
    const code = broker[0];
    let id = await existingId(db, "brokers", { code });
    if (!id) {
      id = newId();
      const now = nowDb();
      await db.kysely
        .insertInto("brokers")
        .values({ id, ...brokerColumns(broker, index), created_at: now, updated_at: now })
        .execute();
    }
    ids.set(code, id);
    await moveSeededArt(db, id, code);
    await ensureTerms(db, id, broker);
  }
  return ids;
}

/**
 * Points a broker still showing the seed's art at its old place (public/brokers/) to the new
 * one; art an admin uploaded or chose is left as it is.
 */
async function moveSeededArt(db: Db, brokerId: string, code: string) {
  for (const [column, kind] of [
    ["logo_path", "logo"],
    ["banner_path", "banner"],
  ] as const) {
    await db.kysely
      .updateTable("brokers")
      .set({ [column]: seededArt(code, kind) })
      .where("id", "=", brokerId)
      .where(column, "=", `/brokers/${code}-${kind}.svg`)
      .execute();
  }
}

/**
 * Gives a broker the demo terms unless it has terms already (rates or a schedule): a database
 * seeded before brokers had terms gets them, and an admin's own terms are never overwritten.
 */
async function ensureTerms(db: Db, brokerId: string, [code, , , , cycle, day]: SeedBroker) {
  const broker = await db.kysely
    .selectFrom("brokers")
    .select(["credit_cycle", "conditions"])
    .where("id", "=", brokerId)
    .executeTakeFirstOrThrow();
  const rate = await existingId(db, "broker_rates", { broker_id: brokerId });
  if (rate || broker.credit_cycle || broker.conditions) return;
  const conditions = code === AUTO_REBATE ? AUTO_REBATE_CONDITIONS : CONDITIONS;
  await db.kysely
    .updateTable("brokers")
    .set({
      credit_cycle: cycle,
      credit_day: day,
      conditions: conditions.ja,
      conditions_en: conditions.en,
    })
    .where("id", "=", brokerId)
    .execute();
  await db.kysely
    .insertInto("broker_rates")
    .values(
      SEED_RATES[code]!.map(([accountType, kind, valueX100], i) => ({
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

/** A demo account: its broker, number, holder, status, type and how long ago it was registered. */
interface SeedAccount {
  broker: string;
  number: string;
  user: string;
  approved: boolean;
  /** One of the broker's rate types; null only where the demo shows the "choose a type" prompt. */
  type: string | null;
  daysAgo: number;
}

/**
 * Brokers, and for the demo member two approved and two pending accounts, the friend's and the
 * eight-figure member's two approved accounts each, so the lists have something to show and the
 * demo history covers the four report shapes (XM, Exness, Axi, TitanFX: tools/seed/reports.ts).
 * Every account has its type, at rates of each kind: per lot in yen (Standard), per lot in
 * dollars (XM Zero, Axi Pro) and a percentage of the IB commission (Exness Standard, XM
 * KIWAMI); the member's TitanFX account, registered yesterday and pending, has none yet, so the
 * member's page shows its "choose your account type" prompt before any cashback is paid at the
 * default type. Each account is added only if that broker and number are not registered yet; a
 * seeded account still without a type (a database seeded before types) gets its type.
 */
export async function seedBrokers(
  db: Db,
  people: { adminId: string; memberId: string; others?: string[] },
) {
  const brokers = await ensureBrokers(db);
  const [friendId, richId] = people.others ?? [];
  const accounts: SeedAccount[] = [
    {
      broker: "xm",
      number: "123456",
      user: people.memberId,
      approved: true,
      type: "Standard",
      daysAgo: 181,
    },
    {
      broker: "exness",
      number: "EX12AB34",
      user: people.memberId,
      approved: true,
      type: "Standard",
      daysAgo: 160,
    },
    {
      broker: "axi",
      number: "654321",
      user: people.memberId,
      approved: false,
      type: "Standard",
      daysAgo: 3,
    },
    {
      broker: "titanfx",
      number: "7654321",
      user: people.memberId,
      approved: false,
      type: null,
      daysAgo: 1,
    },
    // The friend and the eight-figure member trade too (the friend's cashback pays the demo
    // member's affiliate rewards).
    ...(friendId
      ? [
          {
            broker: "xm",
            number: "223456",
            user: friendId,
            approved: true,
            type: "KIWAMI",
            daysAgo: 175,
          },
          {
            broker: "axi",
            number: "765432",
            user: friendId,
            approved: true,
            type: "Pro",
            daysAgo: 120,
          },
        ]
      : []),
    ...(richId
      ? [
          {
            broker: "xm",
            number: "323456",
            user: richId,
            approved: true,
            type: "Zero",
            daysAgo: 170,
          },
          {
            broker: "titanfx",
            number: "8765432",
            user: richId,
            approved: true,
            type: "Standard",
            daysAgo: 90,
          },
        ]
      : []),
  ];
  for (const a of accounts) {
    const brokerId = brokers.get(a.broker)!;
    const key = { broker_id: brokerId, account_number: a.number };
    const existing = await existingId(db, "broker_accounts", key);
    if (existing) {
      if (a.type !== null)
        await db.kysely
          .updateTable("broker_accounts")
          .set({ account_type: a.type })
          .where("id", "=", existing)
          .where("user_id", "=", a.user)
          .where("account_type", "is", null)
          .execute();
      continue;
    }
    // Registered (and decided) on a day of its own in the demo's six months.
    const now = toDbTime(tokyoMomentAgo(a.daysAgo, 19, 30));
    await db.kysely
      .insertInto("broker_accounts")
      .values({
        id: newId(),
        user_id: a.user,
        broker_id: brokerId,
        account_number: a.number,
        live_number: a.number,
        account_type: a.type,
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
