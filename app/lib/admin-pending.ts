import { useRouteLoaderData } from "@remix-run/react";
import type { pendingCounts } from "#server/features/admin/home";

export type PendingCounts = Awaited<ReturnType<typeof pendingCounts>>;

/**
 * What waits in each queue, from the admin area's loader (app/routes/admin.tsx): the menu's
 * badges and the withdrawal page's tabs. Undefined outside the area (the enrolment page).
 */
export function usePendingCounts(): PendingCounts | undefined {
  return useRouteLoaderData<{ pending: PendingCounts }>("routes/admin+/_layout")?.pending;
}
