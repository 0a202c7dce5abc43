import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { RowList } from "#app/components/RowList";
import { card } from "#app/components/ui/card";
import { actionLink } from "#app/components/ui/link";
import type { CreditCycleName } from "#domain/broker-terms";
import { slashDate, useScheduleText } from "#app/components/brokers/rates";

interface Crediting {
  brokerId: string;
  brokerName: string;
  schedule: { cycle: CreditCycleName | null; day: number | null };
  nextCrediting: string | null;
}

/**
 * The dashboard's "when does my next cashback arrive": each broker the member has an account
 * at, with its next crediting day (Tokyo, Japanese business days) and its schedule.
 */
export function NextCrediting({ rows }: { rows: Crediting[] }) {
  const { t } = useTranslation("brokers");
  const scheduleText = useScheduleText();
  return (
    <section
      aria-labelledby="dash-crediting"
      className={`${card} space-y-3 p-4 sm:p-5`}
      data-testid="next-crediting-panel"
    >
      <h2 id="dash-crediting" className="text-base font-semibold">
        {t("crediting.title")}
      </h2>
      <RowList
        rows={rows}
        empty={t("crediting.empty")}
        rowKey={(r) => r.brokerId}
        rowClassName="flex flex-wrap items-baseline justify-between gap-x-3 py-2 text-sm"
        rowTestId="crediting-row"
      >
        {(r) => (
          <>
            <span className="min-w-0">
              <span className="block font-medium [overflow-wrap:anywhere]">{r.brokerName}</span>
              <span className="block text-xs text-slate-600 dark:text-slate-300">
                {scheduleText(r.schedule)}
              </span>
            </span>
            <span className="font-semibold tabular-nums" data-testid="crediting-date">
              {r.nextCrediting ? slashDate(r.nextCrediting) : t("crediting.none")}
            </span>
          </>
        )}
      </RowList>
      <Link to="/brokers" className={`${actionLink} text-sm`}>
        {t("allRates")}
      </Link>
    </section>
  );
}
