import { randomInt } from "node:crypto";

/**
 * The draw itself: one index out of a list of non-negative integer weights, each chosen with
 * probability weight / total. For a weighted gacha the weights are the rewards' weights; for
 * a box gacha they are the stock left of each reward (every remaining piece equally likely).
 *
 * `random(total)` must return a uniform integer in [0, total). The default is Node's
 * crypto.randomInt, which draws from the operating system's CSPRNG and rejects out-of-range
 * values instead of taking a modulo, so no index is favoured (no modulo bias).
 */
export type UniformInt = (total: number) => number;

export const cryptoUniform: UniformInt = (total) => randomInt(total);

/** crypto.randomInt's limit: the range must stay below 2^48. */
const MAX_TOTAL = 2 ** 48 - 1;

export function pickIndex(weights: readonly number[], random: UniformInt = cryptoUniform): number {
  let total = 0;
  for (const w of weights) {
    if (!Number.isSafeInteger(w) || w < 0) throw new Error(`gacha: bad weight ${w}`);
    total += w;
  }
  if (total <= 0) throw new Error("gacha: nothing to pick from");
  if (total > MAX_TOTAL) throw new Error("gacha: weights too large");
  const r = random(total);
  if (!Number.isInteger(r) || r < 0 || r >= total) throw new Error("gacha: random out of range");
  let cumulative = 0;
  for (let i = 0; i < weights.length; i++) {
    cumulative += weights[i]!;
    if (r < cumulative) return i;
  }
  // Unreachable: r < total = the last cumulative sum.
  throw new Error("gacha: pick fell off the end");
}

/**
 * The odds a member is shown: for each weight, its exact share as a fraction and as a percent
 * rounded to two decimals. Weights of zero (a sold-out box reward) have no chance at all.
 */
export function oddsOf(weights: readonly number[]) {
  const total = weights.reduce((sum, w) => sum + w, 0);
  return weights.map((w) => ({
    numerator: w,
    denominator: total,
    percent: total > 0 ? Math.round((w / total) * 10_000) / 100 : 0,
  }));
}

/**
 * Pearson's chi-square statistic of observed counts against the counts the weights predict.
 * Used by the unit suite to check the draw against its stated odds.
 */
export function chiSquare(observed: readonly number[], weights: readonly number[]): number {
  const n = observed.reduce((s, o) => s + o, 0);
  const total = weights.reduce((s, w) => s + w, 0);
  let stat = 0;
  for (let i = 0; i < weights.length; i++) {
    const expected = (n * weights[i]!) / total;
    if (expected === 0) {
      if (observed[i]! > 0) return Number.POSITIVE_INFINITY;
      continue;
    }
    stat += (observed[i]! - expected) ** 2 / expected;
  }
  return stat;
}
