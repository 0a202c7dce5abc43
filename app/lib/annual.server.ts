import { redirect } from "@remix-run/node";
import { annualInput } from "#domain/annual";
import { tokyoDay, tokyoYear } from "#domain/tokyo";
import type { AnnualPdfText } from "./annual-pdf.server";
import type { AnnualStatement } from "#server/features/wallet/annual";
import { annualCheck, annualClosingLabel, annualNotes } from "./annual";
import { formatYen } from "./money";
import type { Translate } from "./page-title";

/**
 * The year a member opening the annual statement most likely wants: until the tax return's
 * deadline (March) the year just ended, after it the current one.
 */
export function defaultAnnualYear(now = new Date()): number {
  const year = tokyoYear(now);
  return Number(tokyoDay(now).slice(5, 7)) <= 3 ? year - 1 : year;
}

/**
 * The `?year=` of an annual statement URL (the page, the CSV, the PDF). Without one, or with
 * one that is not a year, the member is sent to the default year's URL.
 */
export function annualYear(request: Request): number {
  const url = new URL(request.url);
  const parsed = annualInput.safeParse({ year: url.searchParams.get("year") ?? undefined });
  if (parsed.success) return parsed.data.year;
  url.searchParams.set("year", String(defaultAnnualYear()));
  throw redirect(`${url.pathname}?${url.searchParams}`);
}

/**
 * Only years the member had an account in are offered: another year's URL (an old link, the
 * default year for a member who joined this January) is sent to the newest offered year.
 */
export function offeredYear(request: Request, y: AnnualStatement): void {
  if (y.years.includes(y.year)) return;
  const url = new URL(request.url);
  url.searchParams.set("year", String(y.years[0] ?? tokyoYear()));
  throw redirect(`${url.pathname}?${url.searchParams}`);
}

/** The document's words in the member's language, shared by the PDF and the CSV. */
export function annualText(y: AnnualStatement, t: Translate): AnnualPdfText {
  const fmt = (n: number) => formatYen(n);
  return {
    title: t("statement:annual.titleYear", { year: y.year }),
    period: t("statement:annual.period", { year: y.year }),
    holder: t("statement:annual.holder"),
    issued: t("statement:annual.issued", { date: tokyoDay().replace(/-/g, "/") }),
    documentNumber: t("statement:annual.documentNumber", { number: y.documentNumber }),
    issuerLabel: t("statement:annual.issuer"),
    item: t("statement:annual.item"),
    count: t("statement:annual.count"),
    amount: t("statement:annual.amount"),
    opening: t("statement:annual.opening"),
    closing: annualClosingLabel(y, t),
    ofWhichHeld:
      y.closing.held > 0
        ? t("statement:annual.ofWhichHeld", { amount: fmt(y.closing.held) })
        : null,
    income: t("statement:annual.income"),
    outgoing: t("statement:annual.outgoing"),
    totalIncome: t("statement:annual.totalIncome"),
    totalOutgoing: t("statement:annual.totalOutgoing"),
    none: t("statement:annual.none"),
    noneOut: t("statement:annual.noneOut"),
    check: annualCheck(y, t, fmt),
    notes: annualNotes(y, t),
  };
}
