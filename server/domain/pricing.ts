import type { Rate } from "./broker-terms";

/**
 * Pricing a broker report's row from the rate card in force on its trade date.
 * Pure and in integers (BigInt where products grow): the import, its tests and the benchmark
 * share one set of rules.
 *
 * - A broker's rate card has versions, each in force from its Tokyo day until the next one's.
 *   Rates saved before versions existed (and a broker's first rates) apply from EARLIEST.
 * - The row's account type picks the rate: the first rate of that type in the card's order. An
 *   account without a type, or with a type the version does not list, takes the broker's
 *   default type, the first type of the card, and says so (`source: "default_type"`).
 * - Amounts are rounded DOWN to the yen: a member is never paid a fraction the rate card does
 *   not promise, and the same row always gives the same yen.
 */

/** The day rates saved before versions existed, and a broker's first rates, apply from. */
export const EARLIEST = "2000-01-01";

export interface RateVersion {
  /** YYYY-MM-DD, the Tokyo day the version takes effect. */
  from: string;
  /** The version's rates, in the card's order. */
  rates: Rate[];
}

export type RateSourceName = "account_type" | "default_type";

export interface AppliedRate extends Rate {
  from: string;
  source: RateSourceName;
}

/** The version in force on `day` (versions in any order): the latest whose day is not after it. */
export function versionInForce(versions: readonly RateVersion[], day: string): RateVersion | null {
  let found: RateVersion | null = null;
  for (const v of versions) {
    if (v.from <= day && (found === null || v.from > found.from)) found = v;
  }
  return found;
}

/** The rate a row of an account of `accountType` is priced at on `day`, and where it came from. */
export function rateFor(
  versions: readonly RateVersion[],
  day: string,
  accountType: string | null,
): AppliedRate | null {
  const version = versionInForce(versions, day);
  if (!version || version.rates.length === 0) return null;
  const own =
    accountType === null ? undefined : version.rates.find((r) => r.accountType === accountType);
  const rate = own ?? version.rates[0]!;
  return { ...rate, from: version.from, source: own ? "account_type" : "default_type" };
}

/** An IB commission as reported: ten-thousandths of its currency (four decimals). */
export interface Commission {
  amountX10000: bigint;
  currency: "JPY" | "USD";
}

/** Decimal places a volume in lots keeps: the brokers' own (five for units) and more. */
export const LOT_PLACES = 8;
const LOT_SCALE = 10n ** BigInt(LOT_PLACES);

/** Lots in hundred-millionths as the exact decimal text stored with a row ("1.23456"). */
export function lotsText(lotsE8: bigint): string {
  const whole = lotsE8 / LOT_SCALE;
  const frac = (lotsE8 % LOT_SCALE).toString().padStart(LOT_PLACES, "0").replace(/0+$/, "");
  return frac ? `${whole}.${frac}` : `${whole}`;
}

/** The stored exact volume back in hundred-millionths; a row stored before it, from its thousandths. */
export function lotsE8Of(row: { lots_exact?: string | null; lots_milli: number | null }): bigint {
  const text = row.lots_exact;
  if (text) {
    const [whole, frac = ""] = text.split(".");
    return BigInt(whole!) * LOT_SCALE + BigInt(frac.padEnd(LOT_PLACES, "0") || "0");
  }
  return BigInt(row.lots_milli ?? 0) * (LOT_SCALE / 1000n);
}

/** Thousandths of a lot, rounded down: what totals and the history's lot column count. */
export function lotsMilliOf(lotsE8: bigint): number {
  return Number(lotsE8 / (LOT_SCALE / 1000n));
}

export interface PricedRow {
  /** The volume in hundred-millionths of a lot, exactly as the report gave it. */
  lotsE8: bigint;
  /** The IB commission the broker reported for the row; null when the report has none. */
  commission: Commission | null;
}

export type PriceOutcome = { yen: number } | { error: "noCommission" | "rateMissing" };

/**
 * The member's cashback for a row at a rate: per lot in yen; per lot in dollars at the batch's
 * dollar rate (`usdRateMicro`, yen per dollar in millionths); or a percentage of the IB
 * commission. Rounded down to the yen.
 */
export function priceRow(
  row: PricedRow,
  rate: Pick<Rate, "kind" | "valueX100">,
  usdRateMicro: bigint | null,
): PriceOutcome {
  const value = BigInt(rate.valueX100);
  // The volume is never rounded before this: the product is exact and rounded down once.
  if (rate.kind === "jpy_per_lot") {
    // lots (hundred-millionths) × yen (hundredths)
    return { yen: Number((row.lotsE8 * value) / (LOT_SCALE * 100n)) };
  }
  if (rate.kind === "usd_per_lot") {
    if (usdRateMicro === null) return { error: "rateMissing" };
    // lots (hundred-millionths) × dollars (hundredths) × yen per dollar (millionths)
    return { yen: Number((row.lotsE8 * value * usdRateMicro) / (LOT_SCALE * 100_000_000n)) };
  }
  if (row.commission === null) return { error: "noCommission" };
  // The share of the commission as reported, converted once and rounded once.
  const { amountX10000, currency } = row.commission;
  if (currency === "JPY") return { yen: Number((amountX10000 * value) / 100_000_000n) };
  if (usdRateMicro === null) return { error: "rateMissing" };
  return { yen: Number((amountX10000 * value * usdRateMicro) / 100_000_000_000_000n) };
}

/**
 * An IB commission in yen: `amountX10000` is the amount in ten-thousandths of its currency
 * (brokers report dollar commissions to four decimals); dollars at the batch's rate. Rounded
 * down to the yen.
 */
export function commissionToYen(
  { amountX10000, currency }: Commission,
  usdRateMicro: bigint | null,
): number | null {
  if (currency === "JPY") return Number(amountX10000 / 10_000n);
  if (usdRateMicro === null) return null;
  return Number((amountX10000 * usdRateMicro) / 10_000_000_000n);
}
