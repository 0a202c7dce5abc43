import type { Kysely } from "kysely";
import type { Db } from "../../../db";
import { newId } from "../../../db/id";
import type { Database, Language } from "../../../db/schema";
import type { CreditCycleName, Rate } from "../../domain/broker-terms";
import { nextCreditingDay } from "../../lib/crediting";
import { localized } from "../../lib/localized";
import { getMoneySettings } from "../settings/service";

/**
 * A broker's terms (decision 019): its rates per account type, conditions and crediting
 * schedule. Saved with the broker, in the broker's transaction and audit entry; read by the
 * public /brokers page, /users/bank, the dashboard and the import check.
 */

export interface BrokerTerms {
  conditions: string;
  conditionsEn: string;
  creditCycle: CreditCycleName | null;
  creditDay: number | null;
  rates: Rate[];
}

/** Each broker's rate rows, in the admin's order. */
export async function ratesOf(
  db: Kysely<Database>,
  brokerIds: readonly string[],
): Promise<Map<string, Rate[]>> {
  const out = new Map<string, Rate[]>();
  if (brokerIds.length === 0) return out;
  const rows = await db
    .selectFrom("broker_rates")
    .select(["broker_id", "account_type", "kind", "value_x100"])
    .where("broker_id", "in", [...brokerIds])
    .orderBy("broker_id")
    .orderBy("display_order")
    .execute();
  for (const r of rows) {
    const list = out.get(r.broker_id) ?? [];
    list.push({ accountType: r.account_type, kind: r.kind, valueX100: Number(r.value_x100) });
    out.set(r.broker_id, list);
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

/** Replaces the broker's rate rows (inside the broker's save transaction). */
export async function replaceRates(
  trx: Kysely<Database>,
  brokerId: string,
  rates: readonly Rate[],
): Promise<void> {
  await trx.deleteFrom("broker_rates").where("broker_id", "=", brokerId).execute();
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
      })),
    )
    .execute();
}

/** What the audit records of a rates change: the rows as "type kind value", before and after. */
export function ratesChange(before: readonly Rate[], after: readonly Rate[]) {
  const line = (r: Rate) => `${r.accountType} ${r.kind} ${r.valueX100}`;
  const a = before.map(line);
  const b = after.map(line);
  return a.join("|") === b.join("|") ? null : { before: a, after: b };
}

/**
 * The public rate card: every active broker with its rates, conditions, schedule and next
 * crediting day, and the dollar rate the calculator converts USD rates at.
 */
/** The public rate card, its conditions in the reader's language. */
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
  const [rates, settings] = await Promise.all([
    ratesOf(
      db.kysely,
      brokers.map((b) => b.id),
    ),
    getMoneySettings(db.kysely),
  ]);
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
      rates: rates.get(b.id) ?? [],
    })),
  };
}
export type RateCard = Awaited<ReturnType<typeof rateCard>>;
