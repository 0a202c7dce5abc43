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

/** A complete, valid Japanese bank account in the payment details form. */
export const BANK_DETAILS = {
  bankName: "みずほ銀行",
  bankCode: "0001",
  branchName: "東京営業部",
  branchNumber: "001",
  accountType: "savings",
  bankAccountNumber: "1234567",
  accountHolder: "ヤマダ タロウ",
};

/** Well-formed USDT addresses on each network the form takes. */
export const TRON = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
export const ETH = "0x52908400098527886E0F7030069857D2E4169EE7";
