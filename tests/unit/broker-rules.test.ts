import { describe, expect, it } from "vitest";
import {
  accountIdFits,
  accountRuleMessage,
  type AccountRule,
  brokerInput,
  decideAccountsInput,
} from "#server/features/brokers/schema";
import { addAccountInput, normalizeAccountId } from "#domain/broker-account";
import { errorMessage, fieldMessages } from "../helpers/messages";

/**
 * The add-account rules (company selected; 5 or 6 alphanumerics; some brokers use a
 * customer id or UID), the broker form's rules and the admin's decision rules, each with the
 * message a person reads in Japanese and English.
 */

const MT: AccountRule = { kind: "mt_number", charset: null, min: null, max: null };
const TITAN: AccountRule = { kind: "customer_id", charset: "digits", min: 6, max: 8 };
const EXNESS: AccountRule = { kind: "uid", charset: "alnum", min: 8, max: 8 };
const DASHED: AccountRule = { kind: "customer_id", charset: "alnum_dash", min: 4, max: 12 };

describe("account numbers", () => {
  it("compare full-width and half-width, upper and lower case as the same number", () => {
    expect(normalizeAccountId(" ａｂ１２３４ ")).toBe("AB1234");
    expect(normalizeAccountId("ab-12")).toBe("AB-12");
    expect(normalizeAccountId("１２３４５－６")).toBe("12345-6");
  });

  it("MT4/MT5: 5 or 6 letters or digits", () => {
    for (const id of ["12345", "123456", "AB123", "A1B2C3"])
      expect(accountIdFits(MT, id), id).toBe(true);
    for (const id of ["1234", "1234567", "12-45", "12 45", "", "ＡＢＣＤＥ"]) {
      expect(accountIdFits(MT, id), id).toBe(false);
    }
  });

  it("a broker's own characters and length", () => {
    expect(accountIdFits(TITAN, "123456")).toBe(true);
    expect(accountIdFits(TITAN, "12345678")).toBe(true);
    expect(accountIdFits(TITAN, "12345")).toBe(false);
    expect(accountIdFits(TITAN, "123456789")).toBe(false);
    expect(accountIdFits(TITAN, "12345A")).toBe(false);
    expect(accountIdFits(EXNESS, "A1B2C3D4")).toBe(true);
    expect(accountIdFits(EXNESS, "A1B2-3D4")).toBe(false);
    expect(accountIdFits(DASHED, "AB-12-CD")).toBe(true);
    expect(accountIdFits(DASHED, "AB_12")).toBe(false);
  });

  it.each([
    [
      MT,
      "口座番号は半角英数字5桁または6桁で入力してください",
      "The account number must be 5 or 6 letters or digits (half-width)",
    ],
    [
      TITAN,
      "顧客IDは半角数字6〜8桁で入力してください",
      "The customer ID must be 6–8 half-width digits",
    ],
    [
      EXNESS,
      "UIDは半角英数字8桁で入力してください",
      "The UID must be 8 half-width letters or digits",
    ],
    [
      DASHED,
      "顧客IDは半角英数字とハイフン（-）4〜12文字で入力してください",
      "The customer ID must be 4–12 half-width letters, digits or hyphens (-)",
    ],
    [
      { kind: "uid", charset: "digits", min: 9, max: 9 },
      "UIDは半角数字9桁で入力してください",
      "The UID must be 9 half-width digits",
    ],
  ] satisfies [AccountRule, string, string][])(
    "explains the rule %j in both languages",
    async (rule, ja, en) => {
      const { key, params } = accountRuleMessage(rule);
      expect(await errorMessage(key, params)).toEqual({ ja, en });
    },
  );

  it("the duplicate and auto-rebate messages", async () => {
    expect(await errorMessage("accountTaken")).toEqual({
      ja: "この口座はすでに登録されています",
      en: "This account is already registered",
    });
    expect(await errorMessage("autoRebateBroker", { broker: "Errante" })).toEqual({
      ja: "Erranteの口座は自動でリベートが付与されるため、申請は不要です",
      en: "Errante accounts earn rebates automatically, so no application is needed",
    });
  });

  it("the add form: a company must be selected, a number given", async () => {
    const none = addAccountInput.safeParse({ brokerId: "", accountNumber: "" });
    expect(none.success).toBe(false);
    const issues = Object.fromEntries(
      (none.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]),
    );
    expect(issues).toEqual({ brokerId: "brokerRequired", accountNumber: "required" });
    const messages = await fieldMessages(
      addAccountInput,
      { brokerId: "", accountNumber: "1" },
      "accounts:add",
    );
    expect(messages.brokerId).toMatchObject({
      ja: "会社を選択してください",
      en: "Please select a company",
    });
  });
});

describe("the broker form", () => {
  const valid = {
    name: "TitanFX",
    code: "TitanFX",
    accountKind: "customer_id",
    idCharset: "digits",
    idMinLength: "6",
    idMaxLength: "8",
    signupUrl: "https://titanfx.example/open",
    autoRebate: false,
    active: true,
    displayOrder: "20",
  };

  it("takes a complete broker, its code in lower case", () => {
    expect(brokerInput.parse(valid)).toMatchObject({
      code: "titanfx",
      idMinLength: 6,
      idMaxLength: 8,
      displayOrder: 20,
    });
    // An MT4/MT5 broker needs no pattern.
    expect(
      brokerInput.safeParse({
        ...valid,
        accountKind: "mt_number",
        idCharset: "",
        idMinLength: "",
        idMaxLength: "",
      }).success,
    ).toBe(true);
  });

  const read = (input: object) =>
    fieldMessages(brokerInput, { ...valid, ...input }, "admin:brokers");

  it.each([
    [{ name: " " }, "name", "required", "名前は必須です", "Name is required"],
    [
      { code: "titan fx" },
      "code",
      "brokerCode",
      "コードは半角英小文字・数字・ハイフン（-）で入力してください",
      "Code may use lower-case letters, digits and hyphens (-) only",
    ],
    [
      { signupUrl: "http://titanfx.example" },
      "signupUrl",
      "httpsUrl",
      "https:// で始まるURLを入力してください",
      "Please enter a URL starting with https://",
    ],
    [
      { displayOrder: "1.5" },
      "displayOrder",
      "displayOrder",
      "表示順は0〜9999の整数で入力してください",
      "Display order must be a whole number from 0 to 9999",
    ],
    [
      { idMinLength: "0" },
      "idMinLength",
      "idLength",
      "最小桁数は1〜32の整数で入力してください",
      "Minimum length must be a whole number from 1 to 32",
    ],
    [
      { idMinLength: "9", idMaxLength: "8" },
      "idMaxLength",
      "idLengthOrder",
      "最大桁数は最小桁数以上にしてください",
      "The maximum length must not be below the minimum",
    ],
    [
      { idCharset: "" },
      "idCharset",
      "required",
      "使える文字は必須です",
      "Character set is required",
    ],
  ] as const)(
    "says what is wrong with %j in both languages (%s: %s)",
    async (input, field, key, ja, en) => {
      expect((await read(input))[field]).toEqual({ key, ja, en });
    },
  );

  it("refuses a javascript: sign-up URL as not https", async () => {
    expect((await read({ signupUrl: "javascript:alert(1)" })).signupUrl?.key).toBe("httpsUrl");
  });
});

describe("deciding accounts", () => {
  const id = "01m7ydbk29kp406dn8tqrg9xzg";

  it("needs a selection, and a reason to deny", async () => {
    const read = (input: object) => fieldMessages(decideAccountsInput, input, "admin:accounts");
    expect((await read({ ids: [], decision: "approve" })).ids).toMatchObject({
      key: "selectAccounts",
      ja: "口座を1つ以上選択してください",
      en: "Please select at least one account",
    });
    expect((await read({ ids: [id], decision: "deny", reason: " " })).reason).toMatchObject({
      key: "required",
    });
    expect(decideAccountsInput.safeParse({ ids: [id], decision: "approve" }).success).toBe(true);
    expect(
      decideAccountsInput.safeParse({
        ids: Array.from({ length: 101 }, () => id),
        decision: "approve",
      }).success,
    ).toBe(false);
  });
});
