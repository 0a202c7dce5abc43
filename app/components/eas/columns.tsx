import type { ReactNode } from "react";
import type { Column } from "#app/components/table/DataTable";
import { LicenseKeyCell, LicenseStatusCell } from "./badges";

/**
 * The licence columns the member's licence list and the admin's share, so a licence reads the
 * same on both sides: its state with the reason beneath, and its key.
 */

/** The licence's state, with the reason (already worded for the reader) it was refused. */
export function licenseStatusColumn<R extends { status: string }>(
  header: ReactNode,
  reason: (row: R) => ReactNode,
): Column<R> {
  return {
    key: "status",
    header,
    cell: (row) => <LicenseStatusCell status={row.status} reason={reason(row)} />,
  };
}

/** The licence key in monospace, or a dash before one is issued; `keyClass` styles a row's key. */
export function licenseKeyColumn<R extends { licenseKey: string | null }>(
  header: ReactNode,
  { keyClass, testId }: { keyClass: (row: R) => string; testId: string },
): Column<R> {
  return {
    key: "key",
    header,
    cell: (row) => (
      <LicenseKeyCell licenseKey={row.licenseKey} className={keyClass(row)} testId={testId} />
    ),
  };
}
