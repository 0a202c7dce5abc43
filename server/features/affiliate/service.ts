import { sql } from "kysely";
import QRCode from "qrcode";
import type { z } from "zod";
import type { Db } from "#db";
import { toDbTime } from "#db/time";
import type { Config } from "../../config";
import { found, notFound } from "../../errors";
import { containsPattern, mapRows, paginateSorted } from "../../lib/paging";
import { tokyoDate } from "../../lib/period";
import { getDefaultRate } from "./rates";
import { tokyoDayOf } from "./rewards";
import { accountCount } from "../brokers/accounts";
import type { AffiliatePreset, adminReferrersInput, customersInput, summaryInput } from "./schema";

const DAY_MS = 24 * 60 * 60 * 1000;

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

function monthStart(day: string, monthsBack = 0): string {
  const d = new Date(`${day.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() - monthsBack);
  return d.toISOString().slice(0, 10);
}

/** The preset as an inclusive range of Tokyo days, and how its chart is bucketed. */
export function presetRange(
  preset: AffiliatePreset,
  now = new Date(),
): { from: string; to: string; bucket: "day" | "month" } {
  const today = tokyoDayOf(now);
  const year = today.slice(0, 4);
  switch (preset) {
    case "7d":
      return { from: addDays(today, -6), to: today, bucket: "day" };
    case "28d":
      return { from: addDays(today, -27), to: today, bucket: "day" };
    case "90d":
      return { from: addDays(today, -89), to: today, bucket: "day" };
    case "365d":
      return { from: addDays(today, -364), to: today, bucket: "month" };
    case "thisMonth":
      return { from: monthStart(today), to: today, bucket: "day" };
    case "lastMonth":
      return { from: monthStart(today, 1), to: addDays(monthStart(today), -1), bucket: "day" };
    case "thisYear":
      return { from: `${year}-01-01`, to: today, bucket: "month" };
    case "lastYear":
      return {
        from: `${Number(year) - 1}-01-01`,
        to: `${Number(year) - 1}-12-31`,
        bucket: "month",
      };
  }
}

function buckets(from: string, to: string, bucket: "day" | "month"): string[] {
  const out: string[] = [];
  if (bucket === "day") {
    for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  } else {
    for (let m = from.slice(0, 7); m <= to.slice(0, 7);) {
      out.push(m);
      const d = new Date(`${m}-01T00:00:00Z`);
      d.setUTCMonth(d.getUTCMonth() + 1);
      m = d.toISOString().slice(0, 7);
    }
  }
  return out;
}

/** A customer as a referrer sees them: the nickname, or the name masked after its first letter. */
export function displayName(nickname: string, name: string): string {
  const nick = nickname.trim();
  if (nick) return nick;
  const chars = [...name.trim()];
  return chars.length ? `${chars[0]}${"＊".repeat(Math.max(2, chars.length - 1))}` : "—";
}

// ---------------------------------------------------------------- member

/** Registrations, accounts and rewards in the preset's range, with the chart's series. */
export async function memberSummary(
  db: Db,
  userId: string,
  input: z.output<typeof summaryInput>,
  now = new Date(),
) {
  const { from, to, bucket } = presetRange(input.preset, now);
  const days = await db.kysely
    .selectFrom("affiliate_daily")
    .select(["day", "registrations", "cashback", "rewards"])
    .where("referrer_id", "=", userId)
    .where("day", ">=", from)
    .where("day", "<=", to)
    .execute();
  const series = new Map(
    buckets(from, to, bucket).map((b) => [b, { label: b, registrations: 0, rewards: 0 }]),
  );
  let registrations = 0;
  let rewards = 0;
  let cashback = 0;
  for (const d of days) {
    registrations += Number(d.registrations);
    rewards += Number(d.rewards);
    cashback += Number(d.cashback);
    const point = series.get(bucket === "day" ? d.day : d.day.slice(0, 7));
    if (point) {
      point.registrations += Number(d.registrations);
      point.rewards += Number(d.rewards);
    }
  }
  // Accounts opened by referred customers in the range (bounded by this member's customers).
  const accounts = await db.kysely
    .selectFrom("broker_accounts")
    .innerJoin("users", "users.id", "broker_accounts.user_id")
    .select(["broker_accounts.status", (eb) => eb.fn.countAll<number>().as("n")])
    .where("users.referrer_id", "=", userId)
    .where("broker_accounts.created_at", ">=", toDbTime(tokyoDate(from)))
    .where("broker_accounts.created_at", "<", toDbTime(tokyoDate(addDays(to, 1))))
    .groupBy("broker_accounts.status")
    .execute();
  const count = (s: string) => Number(accounts.find((a) => a.status === s)?.n ?? 0);
  const allTime = await db.kysely
    .selectFrom("affiliate_daily")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("rewards"), sql<number>`0`).as("rewards"))
    .where("referrer_id", "=", userId)
    .executeTakeFirst();
  return {
    preset: input.preset,
    from,
    to,
    bucket,
    registrations,
    accounts: { approved: count("approved"), pending: count("pending"), denied: count("denied") },
    rewards,
    cashback,
    totalRewards: Number(allTime?.rewards ?? 0),
    series: [...series.values()],
  };
}

/**
 * QR images of referral links, by link. Drawing one costs about 10 ms of CPU (more than the
 * rest of the affiliate page); the image depends on the link alone, so each process keeps the
 * most recent ones. Nothing here is shared state: another process draws the same image.
 */
const qrImages = new Map<string, Promise<string>>();
const QR_IMAGES_KEPT = 1_000;

function qrImage(url: string): Promise<string> {
  let image = qrImages.get(url);
  if (image) {
    // Most recently used last, so the oldest is the first key.
    qrImages.delete(url);
  } else {
    image = QRCode.toDataURL(url, { margin: 1, width: 240, errorCorrectionLevel: "M" });
    // A failed drawing is not kept.
    image.catch(() => qrImages.delete(url));
    if (qrImages.size >= QR_IMAGES_KEPT) qrImages.delete(qrImages.keys().next().value!);
  }
  qrImages.set(url, image);
  return image;
}

/** The member's referral code; a member without one has no affiliate pages. */
export async function referralCodeOf(db: Db, userId: string): Promise<string> {
  const user = await db.kysely
    .selectFrom("users")
    .select("referral_code")
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!user?.referral_code) throw notFound();
  return user.referral_code;
}

/** The member's referral code, link and its QR code (a data URL made on the server). */
export async function memberLink(db: Db, config: Config, userId: string) {
  const code = await referralCodeOf(db, userId);
  // The landing says who invites and shows a preview when shared (it sets the same cookie).
  const url = `${config.APP_ORIGIN}/r/${encodeURIComponent(code)}`;
  const qr = await qrImage(url);
  return { code, url, qr };
}

/**
 * The member's referred customers: what a referrer may see and nothing more — a display name,
 * the registration date and how many accounts they have in each state. Never an email, a real
 * name, an id or an account number.
 */
export async function memberCustomers(
  db: Db,
  userId: string,
  input: z.output<typeof customersInput>,
) {
  const query = db.kysely
    .selectFrom("users")
    .select((eb) => [
      "users.id",
      "users.nickname",
      "users.name",
      "users.created_at",
      accountCount(eb, "approved").as("approved"),
      accountCount(eb, "pending").as("pending"),
      accountCount(eb, "denied").as("denied"),
    ])
    .where("users.referrer_id", "=", userId)
    // A customer who closed their account leaves the list; rewards already paid stay.
    .where("users.closed_at", "is", null);
  const SORT = { registered: "users.created_at", nickname: "users.nickname" } as const;
  const page = await paginateSorted(query, input, SORT[input.sort], "users.id");
  return mapRows(page, (r, i) => ({
    // A position, not the customer's id: nothing here identifies the person elsewhere.
    no: (page.page - 1) * page.size + i + 1,
    name: displayName(r.nickname, r.name),
    registeredAt: r.created_at,
    accounts: {
      approved: Number(r.approved ?? 0),
      pending: Number(r.pending ?? 0),
      denied: Number(r.denied ?? 0),
    },
  }));
}

/** Rewards per customer and per month, from the summary (never the raw rewards). */
export async function memberRewards(db: Db, userId: string) {
  const perCustomer = await db.kysely
    .selectFrom("affiliate_customer_monthly as m")
    .innerJoin("users", "users.id", "m.customer_id")
    .select((eb) => [
      "users.nickname",
      "users.name",
      eb.fn.sum<number>("m.cashback").as("cashback"),
      eb.fn.sum<number>("m.rewards").as("rewards"),
      eb.fn.max("m.month").as("lastMonth"),
    ])
    .where("m.referrer_id", "=", userId)
    .groupBy(["m.customer_id", "users.nickname", "users.name"])
    .orderBy("rewards", "desc")
    .limit(1000)
    .execute();
  const perMonth = await db.kysely
    .selectFrom("affiliate_customer_monthly")
    .select((eb) => [
      "month",
      eb.fn.countAll<number>().as("customers"),
      eb.fn.sum<number>("cashback").as("cashback"),
      eb.fn.sum<number>("rewards").as("rewards"),
    ])
    .where("referrer_id", "=", userId)
    .groupBy("month")
    .orderBy("month", "desc")
    .limit(120)
    .execute();
  return {
    perCustomer: perCustomer.map((r) => ({
      name: displayName(r.nickname, r.name),
      cashback: Number(r.cashback),
      rewards: Number(r.rewards),
      lastMonth: String(r.lastMonth),
    })),
    perMonth: perMonth.map((r) => ({
      month: r.month,
      customers: Number(r.customers),
      cashback: Number(r.cashback),
      rewards: Number(r.rewards),
    })),
  };
}

// ---------------------------------------------------------------- admin

/** Members who referred someone: their customers, rewards paid and rate. */
export async function adminReferrers(db: Db, input: z.output<typeof adminReferrersInput>) {
  const fallback = await getDefaultRate(db.kysely);
  const customers = db.kysely
    .selectFrom("users")
    .select(["referrer_id", (eb) => eb.fn.countAll<number>().as("customers")])
    .where("referrer_id", "is not", null)
    .groupBy("referrer_id");
  const rewards = db.kysely
    .selectFrom("affiliate_daily")
    .select(["referrer_id", (eb) => eb.fn.sum<number>("rewards").as("rewards")])
    .groupBy("referrer_id");
  let query = db.kysely
    .selectFrom(customers.as("c"))
    .innerJoin("users as r", "r.id", "c.referrer_id")
    .leftJoin(rewards.as("w"), "w.referrer_id", "c.referrer_id")
    .leftJoin("affiliate_rates as ar", "ar.user_id", "r.id")
    .select([
      "r.id",
      "r.nickname",
      "r.email",
      "r.referral_code",
      "c.customers",
      "w.rewards",
      "ar.rate_bp",
    ]);
  if (input.q) {
    const pattern = containsPattern(input.q);
    query = query.where((eb) =>
      eb.or([
        sql<boolean>`${eb.ref("r.nickname")} like ${pattern} escape '!'`,
        sql<boolean>`${eb.ref("r.email")} like ${pattern} escape '!'`,
        sql<boolean>`${eb.ref("r.referral_code")} like ${pattern} escape '!'`,
      ]),
    );
  }
  const SORT = { customers: "c.customers", rewards: "w.rewards", nickname: "r.nickname" } as const;
  const page = await paginateSorted(query, input, SORT[input.sort], "r.id");
  return {
    ...page,
    defaultRateBp: fallback,
    rows: page.rows.map((r) => ({
      id: r.id,
      nickname: r.nickname,
      email: r.email,
      code: r.referral_code,
      customers: Number(r.customers),
      rewards: Number(r.rewards ?? 0),
      rateBp: r.rate_bp === null ? null : Number(r.rate_bp),
    })),
  };
}

/** One referrer, for the admin: rate, customers with accounts and the rewards each paid. */
export async function adminReferrer(db: Db, userId: string) {
  const referrer = found(
    await db.kysely
      .selectFrom("users")
      .leftJoin("affiliate_rates", "affiliate_rates.user_id", "users.id")
      .select([
        "users.id",
        "users.nickname",
        "users.email",
        "users.referral_code",
        "affiliate_rates.rate_bp",
      ])
      .where("users.id", "=", userId)
      .executeTakeFirst(),
  );
  const customers = await db.kysely
    .selectFrom("users")
    .select((eb) => [
      "users.id",
      "users.nickname",
      "users.email",
      "users.created_at",
      accountCount(eb, "approved").as("approved"),
      eb
        .selectFrom("affiliate_customer_monthly as m")
        .select((e) => e.fn.sum<number>("m.rewards").as("r"))
        .whereRef("m.customer_id", "=", "users.id")
        .where("m.referrer_id", "=", userId)
        .as("rewards"),
    ])
    .where("users.referrer_id", "=", userId)
    .orderBy("users.created_at", "desc")
    .limit(1000)
    .execute();
  return {
    id: referrer.id,
    nickname: referrer.nickname,
    email: referrer.email,
    code: referrer.referral_code,
    rateBp: referrer.rate_bp === null ? null : Number(referrer.rate_bp),
    defaultRateBp: await getDefaultRate(db.kysely),
    customers: customers.map((c) => ({
      id: c.id,
      nickname: c.nickname,
      email: c.email,
      registeredAt: c.created_at,
      approvedAccounts: Number(c.approved ?? 0),
      rewards: Number(c.rewards ?? 0),
    })),
  };
}
