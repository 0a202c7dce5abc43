import { useSearchParams } from "@remix-run/react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { FilterField, filterControl, TableFilters } from "./table/TableFilters";

const PRESETS = ["today", "1w", "1m", "3m", "1y", "all", "custom"] as const;

/**
 * The spec's period presets (today, 1 week, 1 month, 3 months, 1 year, all time, custom) as a
 * filter bar: the choice goes into the URL (`period`, `from`, `to`) like the table's own state.
 */
export function PeriodFilter({ label }: { label: string }) {
  const { t } = useTranslation("wallet");
  const [params] = useSearchParams();
  const [period, setPeriod] = useState(params.get("period") ?? "all");
  const periodId = useId();
  const fromId = useId();
  const toId = useId();
  return (
    <TableFilters label={label}>
      <FilterField label={t("period.label")} htmlFor={periodId}>
        <select
          id={periodId}
          name="period"
          value={period}
          onChange={(e) => setPeriod(e.target.value)}
          className={filterControl}
          data-testid="period"
        >
          {PRESETS.map((p) => (
            <option key={p} value={p}>
              {t(`period.${p}`)}
            </option>
          ))}
        </select>
      </FilterField>
      {period === "custom" && (
        <>
          <FilterField label={t("period.from")} htmlFor={fromId}>
            <input
              id={fromId}
              type="date"
              name="from"
              required
              defaultValue={params.get("from") ?? ""}
              className={filterControl}
            />
          </FilterField>
          <FilterField label={t("period.to")} htmlFor={toId}>
            <input
              id={toId}
              type="date"
              name="to"
              required
              defaultValue={params.get("to") ?? ""}
              className={filterControl}
            />
          </FilterField>
        </>
      )}
    </TableFilters>
  );
}
