import { describe, expect, it } from "vitest";
import {
  isEthereumAddress,
  isTronAddress,
  paymentDetailsSchema,
  usdtAddressProblem,
} from "#server/features/profile/schema";
import { profileInput } from "#domain/profile";
import { zenginText } from "#domain/bank-text";
import { fieldMessages } from "../helpers/messages";
import { BANK_DETAILS, EMPTY_PAYMENT_DETAILS, ETH, TRON } from "../helpers/payment-form";

/**
 * Every rule of the profile and payment details forms with the exact
 * message a member reads, in Japanese and English.
 */

const EMPTY = EMPTY_PAYMENT_DETAILS;

const BANK = BANK_DETAILS;

function payment(network: "TRC20" | "ERC20" | null, values: Partial<typeof EMPTY>) {
  return fieldMessages(paymentDetailsSchema(network), { ...EMPTY, ...values }, "profile");
}

describe("payment details: bank", () => {
  it("takes an empty form (nothing registered) and a complete bank account", async () => {
    expect(await payment("TRC20", {})).toEqual({});
    expect(await payment("TRC20", BANK)).toEqual({});
    const parsed = paymentDetailsSchema("TRC20").parse({ ...EMPTY, ...BANK, bankName: " みずほ " });
    expect(parsed.bankName).toBe("みずほ");
    expect(parsed.usdtAddress).toBeNull();
  });

  it.each([
    {
      field: "bankCode",
      rule: "bank code: exactly 4 half-width digits",
      refused: ["123", "12345", "12a4", "12 4"],
      message: {
        key: "digits4",
        ja: "銀行コードは半角数字4桁で入力してください",
        en: "Bank code must be 4 half-width digits",
      },
    },
    {
      field: "branchNumber",
      rule: "branch number: exactly 3 half-width digits",
      refused: ["12", "1234", "1-3"],
      message: {
        key: "digits3",
        ja: "支店番号は半角数字3桁で入力してください",
        en: "Branch number must be 3 half-width digits",
      },
    },
    {
      field: "bankAccountNumber",
      rule: "account number: exactly 7 half-width digits",
      refused: ["123456", "12345678", "123456a"],
      message: {
        key: "digits7",
        ja: "口座番号は半角数字7桁で入力してください",
        en: "Account number must be 7 half-width digits",
      },
    },
  ] as const)("$rule", async ({ field, refused, message }) => {
    for (const value of refused) {
      expect((await payment("TRC20", { ...BANK, [field]: value }))[field], value).toEqual(message);
    }
  });

  it("holder: full-width katakana, the long vowel mark and spaces", async () => {
    for (const accountHolder of ["ヤマダ タロウ", "ヤマダ　タロウ", "サトー", "ヴァン ダイク"]) {
      expect(await payment("TRC20", { ...BANK, accountHolder }), accountHolder).toEqual({});
    }
    for (const accountHolder of ["Yamada Taro", "山田太郎", "ヤマダ1"]) {
      expect((await payment("TRC20", { ...BANK, accountHolder })).accountHolder).toEqual({
        key: "katakana",
        ja: "口座名義（カタカナ）は全角カタカナで入力してください（長音「ー」とスペースは使えます）",
        en: "Account holder (katakana) must be in full-width katakana (the long vowel mark ー and spaces are allowed)",
      });
    }
  });

  it("holder: refuses the kana a bank transfer file cannot carry, saying what to write instead", async () => {
    for (const accountHolder of ["ヰダ", "ヱモト", "ヸオラ", "ヹガ"]) {
      expect((await payment("TRC20", { ...BANK, accountHolder })).accountHolder).toEqual({
        key: "bankKana",
        ja: "口座名義（カタカナ）に銀行の振込データで使えない文字があります（ヰ・ヱ・ヸ・ヹ は イ・エ・ヴィ・ヴェ と入力してください）",
        en: "Account holder (katakana) has characters bank transfer data cannot carry (write ヰ, ヱ, ヸ, ヹ as イ, エ, ヴィ, ヴェ)",
      });
    }
  });

  it("holder: accepts exactly the katakana the bank file can write (one alphabet)", () => {
    const schema = paymentDetailsSchema("TRC20");
    for (let code = 0x30a1; code <= 0x30fc; code++) {
      const accountHolder = `ア${String.fromCharCode(code)}`;
      const saved = schema.safeParse({ ...EMPTY, ...BANK, accountHolder });
      if (saved.success) expect(zenginText(accountHolder), accountHolder).not.toBeNull();
      else if (/^[\u30A1-\u30FA\u30FC]$/.test(String.fromCharCode(code)))
        expect(zenginText(accountHolder), accountHolder).toBeNull();
    }
  });

  it("forgives what passbooks and phone keyboards type: full-width digits, hyphens, half-width kana", () => {
    const parsed = paymentDetailsSchema("TRC20").parse({
      ...EMPTY,
      ...BANK,
      bankCode: "０００１",
      branchNumber: "0-01",
      bankAccountNumber: "１２３ ４５６７",
      accountHolder: "ﾔﾏﾀﾞ ﾀﾛｳ",
    });
    expect(parsed).toMatchObject({
      bankCode: "0001",
      branchNumber: "001",
      bankAccountNumber: "1234567",
      accountHolder: "ヤマダ タロウ",
    });
    for (const [typed, stored] of [
      ["ｻﾄｰ", "サトー"],
      ["やまだ　たろう", "ヤマダ タロウ"],
      ["ｳﾞｧﾝ  ﾀﾞｲｸ", "ヴァン ダイク"],
    ]) {
      expect(
        paymentDetailsSchema(null).parse({ ...EMPTY, ...BANK, accountHolder: typed }).accountHolder,
      ).toBe(stored);
    }
  });

  it("account type: savings or current", async () => {
    expect((await payment("TRC20", { ...BANK, accountType: "checking" })).accountType).toEqual({
      key: "accountType",
      ja: "口座種別を選択してください",
      en: "Account type: please choose one",
    });
  });

  it("needs every bank field once one is filled in, naming each missing one", async () => {
    const result = await payment("TRC20", { bankName: "みずほ銀行" });
    expect(Object.keys(result).sort()).toEqual(
      [
        "accountHolder",
        "accountType",
        "bankAccountNumber",
        "bankCode",
        "branchName",
        "branchNumber",
      ].sort(),
    );
    expect(result.bankCode).toEqual({
      key: "required",
      ja: "銀行コードは必須です",
      en: "Bank code is required",
    });
    expect(result.accountHolder?.ja).toBe("口座名義（カタカナ）は必須です");
  });
});

describe("payment details: USDT", () => {
  it("checks a TRON address's checksum, not only its shape", () => {
    expect(isTronAddress(TRON)).toBe(true);
    expect(isTronAddress("TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7")).toBe(true);
    // One character changed: still 34 base58 characters, but the checksum fails.
    expect(isTronAddress(TRON.slice(0, -1) + "u")).toBe(false);
    expect(isEthereumAddress(ETH)).toBe(true);
    expect(isEthereumAddress(ETH.slice(0, -1))).toBe(false);
  });

  it("TRC20 network: a T… base58 address of 34", async () => {
    expect(await payment("TRC20", { usdtAddress: TRON })).toEqual({});
    for (const usdtAddress of [ETH, "T123", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t0", "hello"]) {
      expect((await payment("TRC20", { usdtAddress })).usdtAddress, usdtAddress).toEqual({
        key: "usdtTrc20",
        ja: "TRC20のUSDTアドレス（Tで始まる34文字）を入力してください",
        en: "Please enter a TRC20 USDT address (34 characters starting with T)",
      });
    }
    expect((await payment("TRC20", { usdtAddress: TRON.slice(0, -1) + "u" })).usdtAddress).toEqual({
      key: "usdtChecksum",
      ja: "アドレスが正しくありません。入力ミスがないか確認し、コピーし直してください",
      en: "This address is not valid. Please check for typos and copy it again",
    });
  });

  it("ERC20 network: 0x and 40 hexadecimal digits", async () => {
    expect(await payment("ERC20", { usdtAddress: ETH })).toEqual({});
    expect(await payment("ERC20", { usdtAddress: ETH.toLowerCase() })).toEqual({});
    for (const usdtAddress of [TRON, "0x123", `0x${"g".repeat(40)}`, ETH.slice(2)]) {
      expect((await payment("ERC20", { usdtAddress })).usdtAddress, usdtAddress).toEqual({
        key: "usdtErc20",
        ja: "ERC20のUSDTアドレス（0xで始まる42文字）を入力してください",
        en: "Please enter an ERC20 USDT address (0x and 40 more characters)",
      });
    }
  });

  it("the procedure's input takes either network; the service then applies the setting", () => {
    expect(usdtAddressProblem(TRON, null)).toBeNull();
    expect(usdtAddressProblem(ETH, null)).toBeNull();
    expect(usdtAddressProblem("nonsense", null)).toBe("usdtInvalid");
    expect(usdtAddressProblem(ETH, "TRC20")).toBe("usdtTrc20");
    expect(usdtAddressProblem(TRON, "ERC20")).toBe("usdtErc20");
  });
});

describe("payment details: wallets", () => {
  it("Exness, Peska and bitwallet: a valid email, stored in lower case", async () => {
    for (const field of ["exnessEmail", "peskaEmail", "bitwalletEmail"] as const) {
      for (const bad of ["taro", "taro@", "@example.com", "taro@@example.com"]) {
        const read = (await payment("TRC20", { [field]: bad }))[field];
        expect(read?.key, `${field} ${bad}`).toBe("emailInvalid");
        expect(read?.ja).toBe("メールアドレスの形式が正しくありません");
        expect(read?.en).toBe("Please enter a valid email address");
      }
    }
    const parsed = paymentDetailsSchema("TRC20").parse({
      ...EMPTY,
      peskaEmail: " Taro@Example.COM ",
    });
    expect(parsed.peskaEmail).toBe("taro@example.com");
  });

  it("PayPay ID: 3–15, a lower-case letter first, then lower-case letters, digits and _", async () => {
    for (const paypayId of ["abc", "a_1", "taro_yamada_01", "a".repeat(15)]) {
      expect(await payment("TRC20", { paypayId }), paypayId).toEqual({});
    }
    for (const paypayId of [
      "ab",
      "a".repeat(16),
      "Taro",
      "1taro",
      "_taro",
      "taro-y",
      "taro.y",
      "たろう",
    ]) {
      expect((await payment("TRC20", { paypayId })).paypayId, paypayId).toEqual({
        key: "paypayId",
        ja: "PayPay IDは3〜15文字で、英小文字で始まり、英小文字・数字・アンダースコア（_）のみ使えます",
        en: "A PayPay ID has 3–15 characters: it starts with a lower-case letter and uses only lower-case letters, digits and underscores (_)",
      });
    }
  });
});

describe("profile", () => {
  const base = { name: "Taro Yamada", nickname: "taro", twitterUrl: "", rankingOptOut: false };

  it("takes a Twitter / X account URL and stores it without tracking", () => {
    const cases = {
      "https://twitter.com/Taro_1": "https://twitter.com/Taro_1",
      "https://x.com/taro": "https://x.com/taro",
      "http://www.twitter.com/taro/": "https://twitter.com/taro",
      "https://mobile.x.com/taro?s=20&t=abc": "https://x.com/taro",
    };
    for (const [input, stored] of Object.entries(cases)) {
      expect(profileInput.parse({ ...base, twitterUrl: input }).twitterUrl, input).toBe(stored);
    }
    expect(profileInput.parse(base).twitterUrl).toBeNull();
  });

  it("refuses a URL that is not a Twitter account", async () => {
    for (const twitterUrl of [
      "https://example.com/taro",
      "x.com/taro",
      "https://x.com/",
      "https://x.com/home",
      "https://x.com/taro/status/123",
      "https://x.com/this_name_is_far_too_long",
      "javascript:alert(1)",
    ]) {
      expect(
        (await fieldMessages(profileInput, { ...base, twitterUrl }, "profile")).twitterUrl,
        twitterUrl,
      ).toEqual({
        key: "twitterUrl",
        ja: "TwitterアカウントのURL（例: https://x.com/username）を入力してください",
        en: "Please enter your Twitter account URL (e.g. https://x.com/username)",
      });
    }
  });

  it("name in English letters and a nickname, both required", async () => {
    expect(
      (await fieldMessages(profileInput, { ...base, name: "山田太郎" }, "profile")).name,
    ).toEqual({
      key: "nameLetters",
      ja: "半角英字（A〜Z、a〜z）で入力してください",
      en: "Please use English letters (A–Z) only",
    });
    expect(
      (await fieldMessages(profileInput, { ...base, nickname: "  " }, "profile")).nickname,
    ).toEqual({
      key: "required",
      ja: "ニックネームは必須です",
      en: "Nickname is required",
    });
  });
});
