import type { LoaderFunctionArgs } from "@remix-run/node";
import { searchParamsObject } from "~/components/table/url";
import { csvResponse } from "~/lib/csv.server";

const HEADER = ["requested_at", "completed_at", "method", "amount", "fee", "status", "reason"];

/** The member's withdrawal history as CSV, with the same period and order as the page. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const page = await context.trpc.wallet.withdrawals({
    ...searchParamsObject(request.url),
    export: true,
  });
  return csvResponse(
    "withdrawals",
    HEADER,
    page.rows.map((r) => [
      r.createdAt,
      r.completedAt,
      r.method,
      r.amount,
      r.fee,
      r.status,
      r.rejectReason,
    ]),
  );
}
