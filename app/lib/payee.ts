/**
 * Where a withdrawal goes, in one line: the snapshot of the member's payment details stored
 * with the request (see payeeFor in server/features/wallet/service.ts). Used by the admin
 * withdrawal table and its CSV, so both read the same.
 */

type Translate = (key: string, options?: Record<string, unknown>) => string;

function text(value: unknown): string {
  return typeof value === "string" ? value : "";
}

export function payeeSummary(
  method: string,
  payout: Record<string, unknown>,
  t: Translate,
): string {
  switch (method) {
    case "bank":
      return t("admin-money:payee.bank", {
        bank: text(payout.bankName),
        bankCode: text(payout.bankCode),
        branch: text(payout.branchName),
        branchNumber: text(payout.branchNumber),
        type: t(`admin-money:payee.${payout.accountType === "current" ? "current" : "savings"}`),
        number: text(payout.accountNumber),
        holder: text(payout.holderName),
      });
    case "usdt":
      return t("admin-money:payee.usdt", {
        address: text(payout.address),
        network: text(payout.network),
      });
    case "paypay":
      return t("admin-money:payee.paypay", { id: text(payout.paypayId) });
    default:
      return text(payout.email);
  }
}
