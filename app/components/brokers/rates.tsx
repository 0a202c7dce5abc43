import { useTranslation } from "react-i18next";
import type { CreditCycleName, Rate, RateKindName } from "#domain/broker-terms";

/**
 * How a broker's terms read on the member and public pages: a rate ("¥800 / lot", "$5.00 /
 * lot", "30 % of the spread"), the crediting schedule and its next day, the conditions in the
 * reader's language. Formatted by hand like formatYen, so server and browser agree.
 */

const group = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");

/** Hundredths of a yen or a dollar as money: ¥800, ¥450.5, $7.50. */
function hundredths(x100: number, currency: "yen" | "usd"): string {
  const whole = group(String(Math.floor(x100 / 100)));
  const cents = String(x100 % 100).padStart(2, "0");
  if (currency === "usd") return `$${whole}.${cents}`;
  return x100 % 100 === 0 ? `¥${whole}` : `¥${whole}.${cents.replace(/0$/, "")}`;
}

/** Dollars as "$75.00". */
export function formatUsd(usd: number): string {
  return hundredths(Math.round(usd * 100), "usd");
}

/** The rate as words: the amount per lot, or the share of the spread (server and browser). */
export function rateWords(
  t: (key: string, options: Record<string, string>) => string,
  rate: { kind: RateKindName; valueX100: number },
): string {
  if (rate.kind === "jpy_per_lot")
    return t("brokers:rate.perLot", { amount: hundredths(rate.valueX100, "yen") });
  if (rate.kind === "usd_per_lot")
    return t("brokers:rate.perLot", { amount: hundredths(rate.valueX100, "usd") });
  return t("brokers:rate.spread", { percent: (rate.valueX100 / 100).toString() });
}

/** The rate as words, in the page's language. */
export function useRateText() {
  const { t } = useTranslation("brokers");
  return (rate: { kind: RateKindName; valueX100: number }) => rateWords(t, rate);
}

/**
 * The rate a cashback row was paid at and where it came from: the account's own type, or the
 * broker's default type with a note (the account has no type, or one the rate card no longer
 * lists). Nothing for a row paid before rates were stored with it.
 */
export function RateApplied({
  rate,
}: {
  rate: {
    accountType: string;
    kind: RateKindName;
    valueX100: number;
    source: "account_type" | "default_type";
  } | null;
}) {
  const { t } = useTranslation("brokers");
  const rateText = useRateText();
  if (!rate) return null;
  return (
    <span className="block text-xs" data-testid="rate-applied" data-source={rate.source}>
      <span className="font-medium tabular-nums">{rateText(rate)}</span>{" "}
      <span className="text-slate-600 [overflow-wrap:anywhere] dark:text-slate-300">
        {rate.source === "account_type"
          ? t("applied.accountType", { type: rate.accountType })
          : t("applied.defaultType", { type: rate.accountType })}
      </span>
    </span>
  );
}

/** A rate's amount alone: ¥800, $5.00, 40%. */
function rateAmount(rate: { kind: RateKindName; valueX100: number }): string {
  if (rate.kind === "jpy_per_lot") return hundredths(rate.valueX100, "yen");
  if (rate.kind === "usd_per_lot") return hundredths(rate.valueX100, "usd");
  return `${(rate.valueX100 / 100).toString()}%`;
}

/** The rate a type had before the card in force took over, when it differed. */
function previousOf(rate: Rate, previous: { since: string; rates: Rate[] } | null | undefined) {
  const before = previous?.rates.find((p) => p.accountType === rate.accountType);
  if (!before || (before.kind === rate.kind && before.valueX100 === rate.valueX100)) return null;
  return before;
}

/**
 * A broker's rates, one line per account type; with `previous` (the card before today's), a
 * type whose rate changed shows what it was: "¥640 → ¥700, 2026/11/29".
 */
export function RateLines({
  rates,
  previous,
  testId = "rate-line",
}: {
  rates: Rate[];
  previous?: { since: string; rates: Rate[] } | null;
  testId?: string;
}) {
  const { t } = useTranslation("brokers");
  const rateText = useRateText();
  if (rates.length === 0) {
    return <p className="text-sm text-slate-600 dark:text-slate-300">{t("rate.none")}</p>;
  }
  return (
    <ul className="divide-y divide-slate-100 text-sm dark:divide-slate-800">
      {rates.map((r) => (
        <li
          key={`${r.accountType}-${r.kind}`}
          className="flex flex-wrap items-baseline justify-between gap-x-3 py-1"
          data-testid={testId}
        >
          <span className="min-w-0 [overflow-wrap:anywhere]">{r.accountType}</span>
          <span className="font-semibold tabular-nums">{rateText(r)}</span>
          {previous && previousOf(r, previous) && (
            <span
              className="basis-full text-right text-xs text-slate-600 tabular-nums dark:text-slate-300"
              data-testid="rate-previous"
            >
              {t("rate.changed", {
                before: rateAmount(previousOf(r, previous)!),
                after: rateAmount(r),
                day: slashDate(previous.since),
              })}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

/** "YYYY-MM-DD" as "YYYY/MM/DD". */
export const slashDate = (day: string) => day.replaceAll("-", "/");

/** When the broker credits: "Monthly, on day 10", "Weekly, on Friday", or not announced. */
export function useScheduleText() {
  const { t } = useTranslation("brokers");
  return (schedule: { cycle: CreditCycleName | null; day: number | null }) => {
    if (schedule.cycle === "monthly") return t("schedule.monthly", { day: schedule.day });
    if (schedule.cycle === "weekly")
      return t("schedule.weekly", { weekday: t(`schedule.weekdays.${schedule.day}`) });
    return t("schedule.none");
  };
}

export function ScheduleLine({
  schedule,
  nextCrediting,
}: {
  schedule: { cycle: CreditCycleName | null; day: number | null };
  nextCrediting: string | null;
}) {
  const { t } = useTranslation("brokers");
  const scheduleText = useScheduleText();
  return (
    <p className="text-sm" data-testid="schedule">
      <span>{scheduleText(schedule)}</span>
      {nextCrediting && (
        <span className="block text-slate-600 dark:text-slate-300" data-testid="next-crediting">
          {t("schedule.next", { date: slashDate(nextCrediting) })}
        </span>
      )}
    </p>
  );
}

/** The conditions (the server picked the reader's language); nothing when there are none. */
export function Conditions({ text }: { text: string | null }) {
  const { t } = useTranslation("brokers");
  if (!text) return null;
  return (
    <div className="text-sm">
      <p className="font-medium text-slate-500 dark:text-slate-400">{t("conditions")}</p>
      <p className="whitespace-pre-line [overflow-wrap:anywhere]" data-testid="conditions">
        {text}
      </p>
    </div>
  );
}

/**
 * What changed in a broker's rates and when (newest first): each version's day, scheduled
 * ones marked, with the rates from that day on. Folded, opened on demand.
 */
export function RateChanges({
  changes,
}: {
  changes: { from: string; scheduled: boolean; rates: Rate[] }[];
}) {
  const { t } = useTranslation("brokers");
  if (changes.length === 0) return null;
  return (
    <details className="text-sm" data-testid="rate-changes">
      <summary className="flex min-h-11 cursor-pointer items-center font-semibold text-sky-800 dark:text-sky-300">
        {t("changes.title", { count: changes.length })}
      </summary>
      <ol className="space-y-3 pt-1">
        {changes.map((c) => (
          <li key={c.from} data-testid="rate-change">
            <p className="text-slate-700 dark:text-slate-200">
              {t(c.scheduled ? "changes.scheduled" : "changes.from", { day: slashDate(c.from) })}
            </p>
            <RateLines rates={c.rates} testId="rate-change-line" />
          </li>
        ))}
      </ol>
    </details>
  );
}
