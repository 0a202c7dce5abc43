import holidayJp from "@holiday-jp/holiday_jp";
import { tokyoDay } from "../domain/tokyo";
import { WITHDRAWAL_PROCESSING_DAYS } from "../domain/withdrawal";

/**
 * Japanese banking days, for telling a member when a payout should arrive. Banks are closed on
 * Saturdays, Sundays, national holidays (from @holiday-jp/holiday_jp, which follows the Cabinet
 * Office's list and its substitute holidays) and over the new year, 31 December to 3 January.
 * Days are Tokyo calendar days, "YYYY-MM-DD". Server only: the holiday table is 230 KB.
 */

export { WITHDRAWAL_PROCESSING_DAYS };

function weekday(day: string): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay();
}

function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/**
 * The holiday table's days, looked up by the Tokyo day itself. `holidayJp.isHoliday` lists the
 * table's 1,300 keys on every call (2 % of the dashboard's CPU, which asks for the next
 * crediting dates) and reads a Date in the server's own time zone, which named the day before
 * west of UTC.
 */
const HOLIDAYS = new Set(Object.keys(holidayJp.holidays));

export function isBusinessDay(day: string): boolean {
  const w = weekday(day);
  if (w === 0 || w === 6) return false;
  const md = day.slice(5);
  if (md === "12-31" || md <= "01-03") return false;
  return !HOLIDAYS.has(day);
}

/**
 * The business day `n` business days after `day` (a request on a holiday starts counting from
 * the next business day: Saturday + 1 is Monday).
 */
export function addBusinessDays(day: string, n: number): string {
  let current = day;
  let left = n;
  while (left > 0) {
    current = nextDay(current);
    if (isBusinessDay(current)) left--;
  }
  return current;
}

/**
 * When a withdrawal requested at `at` should have been processed: the processing days from the
 * Tokyo day of the request, one more when PayPay's daily limit pushes it to the next day.
 */
export function withdrawalExpectedBy(at: Date, nextBusinessDay = false): string {
  return addBusinessDays(tokyoDay(at), WITHDRAWAL_PROCESSING_DAYS + (nextBusinessDay ? 1 : 0));
}
