import { csvExport } from "#app/lib/csv.server";
import { formatDateTime } from "#app/lib/format";
import { answerRefusals } from "#app/lib/refusals.server";

/** The customer list as CSV: the same search and order as the page, every matching row. */
export const loader = /* @__PURE__ */ answerRefusals(
  /* @__PURE__ */ csvExport({
    name: "customers",
    ns: "admin",
    read: (trpc, input) => trpc.admin.customers.list(input),
    columns: (t) => [
      [t("customers.columns.uid"), (r) => r.id],
      [t("customers.columns.nickname"), (r) => r.nickname],
      [t("customers.columns.name"), (r) => r.name],
      [t("customers.columns.email"), (r) => r.email],
      [t("customers.columns.accounts"), (r) => r.accountCount],
      [t("customers.csv.pending"), (r) => r.pendingCount],
      [t("customers.columns.createdAt"), (r) => formatDateTime(r.createdAt)],
    ],
  }),
);
