import type { ReactNode } from "react";
import { PageTitle } from "#app/components/ui/PageTitle";
import { DataTable, type DataTableProps } from "./DataTable";
import { TableFilters } from "./TableFilters";

/**
 * A page that is one list: the way back, the title (also the table's name for screen readers),
 * what sits under the title (section tabs, a lead), the filter bar, the notices an action sends
 * back, then the table. The admin entity lists (`EntityList`) and the member's lists share it.
 */
export function ListPage<R>({
  title,
  wide = false,
  back,
  intro,
  filters,
  notices,
  ...table
}: Omit<DataTableProps<R>, "label"> & {
  title: string;
  /** More room between the parts (a page whose intro holds a form of its own). */
  wide?: boolean;
  back?: ReactNode;
  /** Under the title: the section's tabs, a lead. */
  intro?: ReactNode;
  /** The filter bar: its accessible name and its fields. */
  filters?: { label: string; fields: ReactNode };
  /** Between the filters and the table: the outcome of the last action. */
  notices?: ReactNode;
}) {
  return (
    <div className={wide ? "space-y-6" : "space-y-4"}>
      {back}
      <PageTitle>{title}</PageTitle>
      {intro}
      {filters && <TableFilters label={filters.label}>{filters.fields}</TableFilters>}
      {notices}
      <DataTable label={title} {...table} />
    </div>
  );
}
