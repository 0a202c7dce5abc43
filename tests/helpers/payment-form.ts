/** The payment details form with every field left blank, as the browser sends it untouched. */
export const EMPTY_PAYMENT_DETAILS = {
  bankName: "",
  bankCode: "",
  branchName: "",
  branchNumber: "",
  accountType: "",
  bankAccountNumber: "",
  accountHolder: "",
  usdtAddress: "",
  exnessEmail: "",
  peskaEmail: "",
  bitwalletEmail: "",
  paypayId: "",
};
