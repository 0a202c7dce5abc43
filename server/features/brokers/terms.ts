import type { Kysely } from "kysely";
import type { Db } from "#db";
import { newId } from "#db/id";
import type { Database, Language } from "#db/schema";
import type { CreditCycleName, Rate } from "../../domain/broker-terms";
import { nextCreditingDay } from "../../lib/crediting";
import { localized } from "../../lib/localized";
import { getMoneySettings } from "../settings/service";
import { nowDb } from "#db/time";
import { tokyoDay } from "../../domain/tokyo";
import { EARLIEST, type RateVersion, versionInForce } from "../../domain/pricing";

/**
 * A broker's terms: its rates per account type, conditions and crediting
 * schedule. Saved with the broker, in the broker's transaction and audit entry; read by the
 * public /brokers page, /users/bank, the dashboard and the import check.
 */

export interface BrokerTerms {
  conditions: string;
  conditionsEn: string;
  creditCycle: CreditCycleName | null;
  creditDay: number | null;
  /** The day a change of rates takes effect; null or absent: today. */
  ratesFrom?: string | null | undefined;
  rates: Rate[];
}

/** A version of a broker's rate card, as /brokers and the import read it. */
export interface RateCardVersion extends RateVersion {
  /** When the admin saved it (UTC text); null for rates saved before versions existed. */
  savedAt: string | null;
}

/**
 * Each broker's rate card versions, oldest first, each with its rates in the admin's order.
 * A version may list no rates (the broker stopped paying from that day). Rate
 * rows without a version row (written before versions existed) form the version of their day.
 */
export async function rateVersionsOf(
  db: Kysely<Database>,
  brokerIds: readonly string[],
): Promise<Map<string, RateCardVersion[]>> {
  const out = new Map<string, RateCardVersion[]>();
  if (brokerIds.length === 0) return out;
  const [versions, rows] = await Promise.all([
    db
      .selectFrom("broker_rate_versions")
      .select(["broker_id", "effective_from", "created_by", "created_at"])
      .where("broker_id", "in", [...brokerIds])
      .execute(),
    db
      .selectFrom("broker_rates")
      .select(["broker_id", "account_type", "kind", "value_x100", "effective_from"])
      .where("broker_id", "in", [...brokerIds])
      .orderBy("broker_id")
      .orderBy("effective_from")
      .orderBy("display_order")
      .execute(),
  ]);
  const byKey = new Map<string, RateCardVersion>();
  const versionOf = (brokerId: string, from: string) => {
    const key = `${brokerId}|${from}`;
    let version = byKey.get(key);
    if (!version) {
      version = { from, rates: [], savedAt: null };
      byKey.set(key, version);
      out.set(brokerId, [...(out.get(brokerId) ?? []), version]);
    }
    return version;
  };
  for (const v of versions) {
    versionOf(v.broker_id, v.effective_from).savedAt = v.created_by ? v.created_at : null;
  }
  for (const r of rows) {
    versionOf(r.broker_id, r.effective_from).rates.push({
      accountType: r.account_type,
      kind: r.kind,
      valueX100: Number(r.value_x100),
    });
  }
  for (const list of out.values()) list.sort((a, b) => (a.from < b.from ? -1 : 1));
  return out;
}

/** Each broker's rates in force on `day` (today in Tokyo unless given), in the admin's order. */
export async function ratesOf(
  db: Kysely<Database>,
  brokerIds: readonly string[],
  day: string = tokyoDay(),
): Promise<Map<string, Rate[]>> {
  const versions = await rateVersionsOf(db, brokerIds);
  const out = new Map<string, Rate[]>();
  for (const [brokerId, list] of versions) {
    const current = versionInForce(list, day);
    if (current && current.rates.length > 0) out.set(brokerId, current.rates);
  }
  return out;
}

/** The broker's terms columns, as the brokers row stores them. */
export function termColumns(terms: BrokerTerms) {
  return {
    conditions: terms.conditions || null,
    conditions_en: terms.conditionsEn || null,
    credit_cycle: terms.creditCycle,
    credit_day: terms.creditCycle ? terms.creditDay : null,
  };
}

/**
 * Saves the version of the broker's rate card that takes effect on `from` (inside the broker's
 * save transaction): a version of that day is replaced whole, versions of other days stay.
 */
export async function saveRateVersion(
  trx: Kysely<Database>,
  brokerId: string,
  rates: readonly Rate[],
  from: string,
  adminId: string | null,
): Promise<void> {
  await trx
    .deleteFrom("broker_rates")
    .where("broker_id", "=", brokerId)
    .where("effective_from", "=", from)
    .execute();
  await trx
    .deleteFrom("broker_rate_versions")
    .where("broker_id", "=", brokerId)
    .where("effective_from", "=", from)
    .execute();
  await trx
    .insertInto("broker_rate_versions")
    .values({ broker_id: brokerId, effective_from: from, created_by: adminId, created_at: nowDb() })
    .execute();
  if (rates.length === 0) return;
  await trx
    .insertInto("broker_rates")
    .values(
      rates.map((r, i) => ({
        id: newId(),
        broker_id: brokerId,
        account_type: r.accountType,
        kind: r.kind,
        value_x100: r.valueX100,
        display_order: i,
        effective_from: from,
      })),
    )
    .execute();
}

/**
 * The day a save's rates take effect: a broker's first rates apply from the start (nothing was
 * priced before them); later ones from the day the admin gives, today (Tokyo) when none. A day
 * already past is allowed (brokers announce changes after the fact): rows
 * imported from then on are priced at it by their trade date, while rows already credited keep
 * their price until an adjustment batch settles the difference.
 */
export function effectiveDay(
  versions: readonly RateVersion[],
  given: string | null,
  today: string = tokyoDay(),
): string {
  if (versions.length === 0) return given ?? EARLIEST;
  return given ?? today;
}

/** What the audit records of a rates change: the rows as "type kind value", before and after. */
export function ratesChange(before: readonly Rate[], after: readonly Rate[]) {
  const line = (r: Rate) => `${r.accountType} ${r.kind} ${r.valueX100}`;
  const a = before.map(line);
  const b = after.map(line);
  return a.join("|") === b.join("|") ? null : { before: a, after: b };
}

/**
 * The public rate card: every active broker with its rates in force today (the first type is
 * the broker's default type), what changed and when (every version after the first, scheduled
 * ones included, newest first), conditions in the reader's language, schedule and next
 * crediting day, and the dollar rate the calculator converts USD rates at.
 */
export async function rateCard(db: Db, locale: Language, now: Date = new Date()) {
  const brokers = await db.kysely
    .selectFrom("brokers")
    .select([
      "id",
      "code",
      "name",
      "logo_path",
      "signup_url",
      "auto_rebate",
      "conditions",
      "conditions_en",
      "credit_cycle",
      "credit_day",
    ])
    .where("active", "=", 1)
    .orderBy("display_order")
    .orderBy("name")
    .execute();
  const [versions, settings] = await Promise.all([
    rateVersionsOf(
      db.kysely,
      brokers.map((b) => b.id),
    ),
    getMoneySettings(db.kysely),
  ]);
  const today = tokyoDay(now);
  return {
    usdJpyX100: settings.usdJpyX100,
    brokers: brokers.map((b) => ({
      id: b.id,
      code: b.code,
      name: b.name,
      logoPath: b.logo_path,
      signupUrl: b.signup_url,
      autoRebate: b.auto_rebate === 1,
      conditions: localized(b, "conditions", locale),
      schedule: { cycle: b.credit_cycle, day: b.credit_day },
      nextCrediting: nextCreditingDay({ cycle: b.credit_cycle, day: b.credit_day }, now),
      ...versionsShown(versions.get(b.id) ?? [], today),
    })),
  };
}
export type RateCard = Awaited<ReturnType<typeof rateCard>>;

/**
 * A broker's rates in force on `today` and its changes, as the rate cards show them; with the
 * version before today's (its rates and the day today's took over), so a type's rate can be
 * shown beside the one it replaced. Null when today's card is the first.
 */
export function versionsShown(versions: readonly RateCardVersion[], today: string) {
  const current = versionInForce(versions, today);
  const before = current ? versions.filter((v) => v.from < current.from) : [];
  const previous = before.length > 0 ? before[before.length - 1]! : null;
  return {
    rates: current?.rates ?? [],
    previous: previous && current ? { since: current.from, rates: previous.rates } : null,
    changes: versions
      .slice(1)
      .map((v) => ({ from: v.from, rates: v.rates, scheduled: v.from > today }))
      .reverse(),
  };
}
