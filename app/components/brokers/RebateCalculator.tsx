import { Form } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "#app/components/ui/button";
import { card } from "#app/components/ui/card";
import { Field } from "#app/components/ui/form";
import { formatYen } from "#app/lib/money";
import { fromHundredths, parseLots, type Rate, rebateEstimate } from "#domain/broker-terms";
import { formatUsd, useRateText } from "./rates";

interface CalculatorBroker {
  id: string;
  name: string;
  rates: Rate[];
}

/**
 * Lots a month → cashback a month and a year, for every broker's account types. Works without
 * JavaScript (the form asks the page again with ?lots=); with it, the figures follow the typing.
 * USD rates are converted at the operator's stated dollar rate; a share of the spread depends
 * on each trade, so it has no estimate.
 */
export function RebateCalculator({
  brokers,
  usdJpyX100,
  initialLots,
  action = "/brokers",
}: {
  brokers: CalculatorBroker[];
  usdJpyX100: number;
  initialLots: string;
  /** The page that answers the form without JavaScript (it reads ?lots=). */
  action?: string;
}) {
  const { t } = useTranslation("brokers");
  const rateText = useRateText();
  const [typed, setTyped] = useState(initialLots);
  const lots = parseLots(typed);
  const invalid = typed.trim() !== "" && lots === null;
  const withRates = brokers.filter((b) => b.rates.length > 0);

  return (
    <section
      aria-labelledby="calculator-title"
      className={`${card} space-y-4 p-4 sm:p-6`}
      data-testid="rebate-calculator"
      id="calculator"
    >
      <h2 id="calculator-title" className="text-lg font-semibold">
        {t("calculator.title")}
      </h2>
      <Form method="get" action={action} className="flex flex-wrap items-end gap-3">
        <Field
          name="lots"
          label={t("calculator.lots")}
          hint={t("calculator.lotsHint")}
          inputMode="decimal"
          autoComplete="off"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          error={invalid ? t("calculator.invalid") : null}
          className="w-full max-w-xs"
        />
        <Button type="submit" variant="secondary">
          {t("calculator.submit")}
        </Button>
      </Form>

      <div aria-live="polite" data-testid="calculator-results">
        {lots === null ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">{t("calculator.prompt")}</p>
        ) : (
          <ul className="grid gap-3 md:grid-cols-2">
            {withRates.map((b) => (
              <li
                key={b.id}
                className="rounded-md border border-slate-200 p-3 dark:border-slate-700"
                data-testid="calculator-broker"
              >
                <p className="font-semibold">{b.name}</p>
                <ul className="mt-1 space-y-2 text-sm">
                  {b.rates.map((r) => {
                    const estimate = rebateEstimate(r, lots, usdJpyX100);
                    return (
                      <li key={`${r.accountType}-${r.kind}`} data-testid="calculator-row">
                        <p className="flex flex-wrap justify-between gap-x-3">
                          <span className="[overflow-wrap:anywhere]">{r.accountType}</span>
                          <span className="text-slate-600 dark:text-slate-300">{rateText(r)}</span>
                        </p>
                        {estimate ? (
                          <p className="flex flex-wrap justify-between gap-x-3 tabular-nums">
                            <span data-testid="per-month">
                              {t("calculator.perMonth", {
                                amount: formatYen(estimate.yenPerMonth),
                              })}
                              {estimate.usdPerMonth !== null &&
                                ` (${formatUsd(estimate.usdPerMonth)})`}
                            </span>
                            <span className="font-semibold" data-testid="per-year">
                              {t("calculator.perYear", { amount: formatYen(estimate.yenPerYear) })}
                            </span>
                          </p>
                        ) : (
                          <p className="text-slate-600 dark:text-slate-300">
                            {t("calculator.spread")}
                          </p>
                        )}
                      </li>
                    );
                  })}
                </ul>
              </li>
            ))}
          </ul>
        )}
      </div>
      <p className="text-xs text-slate-600 dark:text-slate-300" data-testid="usd-note">
        {t("calculator.note", { rate: fromHundredths(usdJpyX100) })}
      </p>
    </section>
  );
}
