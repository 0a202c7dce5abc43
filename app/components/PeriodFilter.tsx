import { PeriodFields } from "./PeriodFields";
import { TableFilters } from "./table/TableFilters";

/**
 * The period presets (today, 1 week, 1 month, 3 months, 1 year, all time, custom) as a
 * filter bar of their own, for lists filtered by period alone: the choice goes into the URL
 * (`period`, `from`, `to`) like the table's own state.
 */
export function PeriodFilter({ label }: { label: string }) {
  return (
    <TableFilters label={label}>
      <PeriodFields />
    </TableFilters>
  );
}
