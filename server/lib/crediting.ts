import type { CreditCycleName } from "../domain/broker-terms";
import { tokyoDay } from "../domain/tokyo";
import { isBusinessDay } from "./business-days";

/**
 * When a broker's cashback is next credited. A broker credits monthly on day N
 * (1–28) or weekly on a weekday; a scheduled day that is not a Japanese business day (weekend,
 * national holiday, 31 Dec – 3 Jan) moves to the next business day. Days are Tokyo calendar
 * days; a crediting due today is still "next" today.
 */

function shiftDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/** The day itself when it is a business day, else the next one. */
export function onOrAfterBusinessDay(day: string): string {
  let current = day;
  while (!isBusinessDay(current)) current = shiftDays(current, 1);
  return current;
}

function monthlyCandidates(today: string, dayOfMonth: number): string[] {
  const [y, m] = today.split("-").map(Number) as [number, number];
  // Last month's day too: moved past a holiday, it may still fall on or after today.
  return [-1, 0, 1].map((offset) => {
    const d = new Date(Date.UTC(y, m - 1 + offset, dayOfMonth));
    return d.toISOString().slice(0, 10);
  });
}

function weeklyCandidates(today: string, isoWeekday: number): string[] {
  const w = new Date(`${today}T00:00:00Z`).getUTCDay() || 7;
  const thisWeek = shiftDays(today, isoWeekday - w);
  return [-7, 0, 7].map((n) => shiftDays(thisWeek, n));
}

/** The next crediting day on or after `now`'s Tokyo day, "YYYY-MM-DD"; null without a schedule. */
export function nextCreditingDay(
  schedule: { cycle: CreditCycleName | null; day: number | null },
  now: Date = new Date(),
): string | null {
  if (!schedule.cycle || schedule.day === null) return null;
  const today = tokyoDay(now);
  const candidates =
    schedule.cycle === "monthly"
      ? monthlyCandidates(today, schedule.day)
      : weeklyCandidates(today, schedule.day);
  return (
    candidates.map(onOrAfterBusinessDay).find((d) => d >= today) ??
    // Unreachable for valid schedules (the last candidate is at least a week ahead).
    null
  );
}

/**
 * The next crediting day of each broker a member has a live account at (pending or approved,
 * the broker active), once per broker, by name: the dashboard's list. Brokers without a
 * schedule come with a null day.
 */
export function memberCreditingDays(
  accounts: {
    brokerId: string;
    brokerName: string;
    brokerActive: number;
    status: string;
    creditCycle: CreditCycleName | null;
    creditDay: number | null;
  }[],
  now: Date = new Date(),
) {
  const brokers = new Map<string, (typeof accounts)[number]>();
  for (const a of accounts) {
    if (a.status !== "denied" && a.brokerActive === 1) brokers.set(a.brokerId, a);
  }
  return [...brokers.values()]
    .sort((a, b) => a.brokerName.localeCompare(b.brokerName))
    .map((b) => {
      const schedule = { cycle: b.creditCycle, day: b.creditDay };
      return {
        brokerId: b.brokerId,
        brokerName: b.brokerName,
        schedule,
        nextCrediting: nextCreditingDay(schedule, now),
      };
    });
}
