import { useSearchParams } from "@remix-run/react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { PERIOD_PRESETS } from "#domain/periods";
import { FilterField, filterControl, InputFilter } from "./table/TableFilters";

/**
 * The period presets as fields of a larger filter bar (inside <TableFilters>, beside the
 * page's other filters): `period`, and `from` / `to` when "custom" is chosen. The labels are
 * the member pages' own (wallet namespace), so both sides of the portal say the same.
 */
export function PeriodFields() {
  const { t } = useTranslation("wallet");
  const [params] = useSearchParams();
  const [period, setPeriod] = useState(params.get("period") ?? "all");
  const periodId = useId();
  const fromId = useId();
  const toId = useId();
  return (
    <>
      <FilterField label={t("period.label")} htmlFor={periodId}>
        <select
          id={periodId}
          name="period"
          value={period}
          onChange={(e) => setPeriod(e.target.value)}
          className={filterControl}
          data-testid="filter-period"
        >
          {PERIOD_PRESETS.map((p) => (
            <option key={p} value={p}>
              {t(`period.${p}`)}
            </option>
          ))}
        </select>
      </FilterField>
      {period === "custom" && (
        <div className="grid grid-cols-2 gap-2">
          {(["from", "to"] as const).map((end) => (
            <InputFilter
              key={end}
              name={end}
              type="date"
              label={t(`period.${end}`)}
              id={end === "from" ? fromId : toId}
              required
              testId={`filter-${end}`}
            />
          ))}
        </div>
      )}
    </>
  );
}
