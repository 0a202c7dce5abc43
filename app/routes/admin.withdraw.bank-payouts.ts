import type { LoaderFunctionArgs } from "@remix-run/node";
import { i18nServer } from "~/i18n.server";
import { csvResponse } from "~/lib/csv.server";
import { formatDateTime } from "~/lib/format";

/**
 * Every pending bank withdrawal, oldest first, in the column order of a Japanese bank's bulk
 * transfer upload (zengin style): bank code, bank name, branch code, branch name, account type
 * (1 savings, 2 current), account number, holder (katakana), amount. The request id and date
 * follow, so the admin can mark each one completed after the bank has paid it. Codes are
 * written digit for digit ("0001"), as the bank's upload reads them.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const t = await i18nServer.getFixedT(request, "admin-money");
  const rows = await context.trpc.wallet.pendingBankPayouts();
  return csvResponse(
    "bank-payouts",
    [
      t("bankCsv.bankCode"),
      t("bankCsv.bankName"),
      t("bankCsv.branchNumber"),
      t("bankCsv.branchName"),
      t("bankCsv.accountType"),
      t("bankCsv.accountNumber"),
      t("bankCsv.holderName"),
      t("bankCsv.amount"),
      t("bankCsv.requestId"),
      t("bankCsv.requestedAt"),
    ],
    rows.map((r) => [
      r.bankCode,
      r.bankName,
      r.branchNumber,
      r.branchName,
      r.accountType,
      r.accountNumber,
      r.holderName,
      r.amount,
      r.id,
      formatDateTime(r.requestedAt),
    ]),
  );
}
