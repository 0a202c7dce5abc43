import * as z from "zod";

/**
 * What a broker pays and when: cashback rates per account type, the conditions
 * and the crediting schedule. Pure, so the admin form, the public calculator and the services
 * share one set of rules. Messages are keys under errors:field.
 */

export const RATE_KINDS = ["jpy_per_lot", "usd_per_lot", "spread_percent"] as const;
export type RateKindName = (typeof RATE_KINDS)[number];

export const CREDIT_CYCLES = ["monthly", "weekly"] as const;
export type CreditCycleName = (typeof CREDIT_CYCLES)[number];

/** Most rate rows one broker may list (account types are a handful in practice). */
export const MAX_RATES = 12;
/** Rows the admin form offers for typing without JavaScript (blank rows are ignored). */
export const BLANK_RATE_ROWS = 2;

/** "１，０００．５" typed on a Japanese keyboard is 1000.5: full width to half, commas dropped. */
export function normalizeDecimal(raw: string): string {
  return raw.normalize("NFKC").replace(/[,\s]/g, "");
}

/** A decimal with at most two places, as hundredths ("7.5" → 750); null when it is not one. */
export function toHundredths(raw: string): number | null {
  const v = normalizeDecimal(raw);
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(v)) return null;
  const [whole, fraction = ""] = v.split(".") as [string, string?];
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** Hundredths as the admin types them back ("750" → "7.5"). */
export function fromHundredths(x100: number): string {
  const whole = Math.floor(x100 / 100);
  const cents = x100 % 100;
  if (cents === 0) return String(whole);
  return `${whole}.${String(cents).padStart(2, "0").replace(/0$/, "")}`;
}

const rateRow = z
  .object({
    accountType: z.string().trim().max(60, "tooLong"),
    kind: z.string().trim(),
    value: z.string().trim().max(20, "rateValue"),
  })
  .transform((row, ctx) => {
    const kind = (RATE_KINDS as readonly string[]).includes(row.kind)
      ? (row.kind as RateKindName)
      : null;
    if (!row.accountType)
      ctx.addIssue({ code: "custom", path: ["accountType"], message: "required" });
    if (!kind) ctx.addIssue({ code: "custom", path: ["kind"], message: "required" });
    const value = toHundredths(row.value);
    if (value === null || value === 0) {
      ctx.addIssue({ code: "custom", path: ["value"], message: "rateValue" });
    } else if (kind === "spread_percent" && value > 10_000) {
      ctx.addIssue({ code: "custom", path: ["value"], message: "ratePercent" });
    }
    return { accountType: row.accountType, kind: kind!, valueX100: value ?? 0 };
  });

/** A row the admin left wholly empty (the form's spare rows) is no rate at all. */
function isBlankRow(v: unknown): boolean {
  if (!v || typeof v !== "object") return false;
  const r = v as Record<string, unknown>;
  return !r.accountType && !r.value;
}

/**
 * The terms an admin saves with a broker: conditions (Japanese, and English when translated;
 * both optional), the schedule
 * (none, monthly on day 1–28, weekly on a weekday) and the rate rows.
 */
export const brokerTermsFields = {
  conditions: z.string().trim().max(2000, "tooLong"),
  conditionsEn: z.string().trim().max(2000, "tooLong"),
  creditCycle: z
    .string()
    .transform((v) => (v === "" ? null : v))
    .pipe(z.enum(CREDIT_CYCLES, { error: "required" }).nullable()),
  creditDay: z
    .string()
    .trim()
    .transform((v) => (v === "" ? null : Number(normalizeDecimal(v)))),
  /** The day a change of rates takes effect (YYYY-MM-DD, Tokyo); blank: today. */
  ratesFrom: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || null)
    .pipe(z.iso.date({ error: "rateDate" }).nullable()),
  rates: z
    .array(z.unknown())
    .max(MAX_RATES + BLANK_RATE_ROWS, "tooMany")
    .transform((rows) => rows.filter((r) => !isBlankRow(r)))
    .pipe(z.array(rateRow).max(MAX_RATES, "tooMany")),
};

/**
 * The schedule's day must fit its cycle: 1–28 of a month (every month has it), or Monday–Friday.
 * Conditions are optional, but English is a translation: it needs the Japanese.
 */
export function scheduleComplete(
  v: {
    creditCycle: CreditCycleName | null;
    creditDay: number | null;
    conditions?: string;
    conditionsEn?: string;
  },
  ctx: z.RefinementCtx,
) {
  if (v.conditionsEn && !v.conditions) {
    ctx.addIssue({ code: "custom", path: ["conditions"], message: "required" });
  }
  if (v.creditCycle !== "monthly" && v.creditCycle !== "weekly") return;
  const max = v.creditCycle === "monthly" ? 28 : 5;
  const day = v.creditDay;
  if (day === null || !Number.isInteger(day) || day < 1 || day > max) {
    ctx.addIssue({
      code: "custom",
      path: ["creditDay"],
      message: v.creditCycle === "monthly" ? "creditDayMonth" : "creditDayWeek",
    });
  }
}

/**
 * Run the schedule check even when a rate row is refused, so the admin sees every problem of
 * the form at once (zod skips refinements of an object with issues unless told).
 */
export const alwaysCheck = {
  when: (payload: { value: unknown }) =>
    typeof payload.value === "object" && payload.value !== null,
};

export interface Rate {
  accountType: string;
  kind: RateKindName;
  valueX100: number;
}

/**
 * The rebate calculator: what `lots` a month earn at a rate, in yen (USD converted at
 * `usdJpyX100`, yen per dollar in hundredths) and, for a USD rate, in dollars. A share of the
 * spread depends on each trade's spread, so it has no estimate (null).
 */
export function rebateEstimate(
  rate: Pick<Rate, "kind" | "valueX100">,
  lots: number,
  usdJpyX100: number,
): { yenPerMonth: number; yenPerYear: number; usdPerMonth: number | null } | null {
  if (!Number.isFinite(lots) || lots < 0 || rate.kind === "spread_percent") return null;
  if (rate.kind === "jpy_per_lot") {
    const month = (lots * rate.valueX100) / 100;
    return {
      yenPerMonth: Math.floor(month),
      yenPerYear: Math.floor(month * 12),
      usdPerMonth: null,
    };
  }
  const usd = (lots * rate.valueX100) / 100;
  const yen = (usd * usdJpyX100) / 100;
  return {
    yenPerMonth: Math.floor(yen),
    yenPerYear: Math.floor(yen * 12),
    usdPerMonth: Math.floor(usd * 100) / 100,
  };
}

/** Lots typed in the calculator ("１０．５" too); null when it is not a number of lots. */
export function parseLots(raw: string): number | null {
  const v = normalizeDecimal(raw);
  if (!/^\d{1,7}(\.\d{1,3})?$/.test(v)) return null;
  return Number(v);
}

/**
 * The yen a report row's lots should have paid at the broker's per-lot rates. When the
 * account's type is known and the broker lists it, that type's rate; else, as
 * the import cannot tell, the rate whose amount is nearest the row's. Null when it cannot be
 * checked: no per-lot rate (the account's type pays a share of the spread), no lots, or a USD
 * rate without the batch's dollar rate. `usdRateMicro` is yen per dollar in millionths, as the
 * batch stores it.
 */
export function expectedYen(
  lotsMilli: number,
  amountYen: number,
  rates: readonly Pick<Rate, "accountType" | "kind" | "valueX100">[],
  usdRateMicro: number | null,
  accountType: string | null = null,
): number | null {
  if (lotsMilli <= 0) return null;
  const ofType = accountType === null ? [] : rates.filter((r) => r.accountType === accountType);
  let best: number | null = null;
  for (const r of ofType.length > 0 ? ofType : rates) {
    let yen: number;
    if (r.kind === "jpy_per_lot") yen = (lotsMilli * r.valueX100) / 100_000;
    else if (r.kind === "usd_per_lot" && usdRateMicro !== null)
      yen = (lotsMilli / 1000) * (r.valueX100 / 100) * (usdRateMicro / 1_000_000);
    else continue;
    const rounded = Math.round(yen);
    if (best === null || Math.abs(rounded - amountYen) < Math.abs(best - amountYen)) best = rounded;
  }
  return best;
}

/** The broker's account types members choose from: its rate rows' types, each once, in order. */
export function accountTypesOf(rates: readonly Pick<Rate, "accountType">[]): string[] {
  return [...new Set(rates.map((r) => r.accountType))];
}

/**
 * Whether an amount differs from what its lots × rate pay beyond rounding: the larger of ¥1 and
 * 1 % of the expected amount (brokers round lots and dollars, and the batch's dollar rate is
 * the day's, not the broker's).
 */
export function rateMismatch(amountYen: number, expected: number | null): boolean {
  if (expected === null) return false;
  const tolerance = Math.max(1, Math.abs(expected) * 0.01);
  return Math.abs(amountYen - expected) > tolerance;
}

/**
 * What a credited row paid per lot: its amount over its lots, rounded to the yen (the rate it
 * was credited at, as the history page and its CSV show it). Null for a row without lots.
 */
export function yenPerLot(amountYen: number, lotsMilli: number): number | null {
  return lotsMilli > 0 ? Math.round((amountYen * 1000) / lotsMilli) : null;
}
