import { describe, expect, it } from "vitest";
import { createSession, SESSION_COOKIE } from "#server/auth/session";
import { readNotifyPrefs } from "#server/notify/preferences";
import { fileDatabase } from "../helpers/file-db";
import { createUser, TEST_PASSWORD } from "../helpers/fixtures";
import { fund, givePaymentDetails, key, walletOf } from "../helpers/money";
import { formRefusal, pageData, refusalText, routeClient } from "../helpers/routes";

/**
 * The member area's money forms as the server answers them without the browser's own check
 * (a script, an old page): the worst values are refused with the real limit's reason, and no
 * money moves.
 */

const t = fileDatabase({ ledgerMustBalance: true });
const routes = routeClient(() => t.db);

async function payingMember(balance: number) {
  const member = await createUser(t.db);
  await fund(t.db, member.id, balance);
  await givePaymentDetails(t.db, member.id);
  return member;
}

describe("transfer", () => {
  it("refuses ¥999,999,999 and ¥999 with the range the settings allow", async () => {
    const member = await payingMember(20_000);
    const friend = await createUser(t.db);
    for (const amount of ["999999999", "999"]) {
      const answer = await routes.post(
        "/users/withdraw/transfer",
        { email: friend.email, amount, requestKey: key() },
        { as: member },
      );
      expect(answer.status, amount).toBe(400);
      expect(formRefusal(answer).fields, amount).toEqual({ amount: "transferAmountRange" });
    }
    expect((await walletOf(t.db, friend.id)).available).toBe(0);
  });

  it("says an unknown recipient is not found, beside the address", async () => {
    const member = await payingMember(20_000);
    const answer = await routes.post(
      "/users/withdraw/transfer",
      { email: "nobody-here@example.test", amount: "1000", requestKey: key() },
      { as: member },
    );
    expect(answer.status).toBe(400);
    expect(formRefusal(answer)).toMatchObject({ key: "recipientNotFound", values: {} });
    expect(formRefusal(answer).values).toMatchObject({ email: "nobody-here@example.test" });
    expect(await refusalText(answer, "en")).toBe("Recipient not found");
    expect((await walletOf(t.db, member.id)).available).toBe(20_000);
  });
});

describe("withdrawal", () => {
  it("refuses more than the balance, naming it, and holds nothing", async () => {
    const member = await payingMember(20_000);
    const answer = await routes.post(
      "/users/withdraw/new",
      { method: "bank", amount: "30000", requestKey: key() },
      { as: member },
    );
    expect(answer.status).toBe(400);
    // The service's reason, about the amount field (the page names the balance it shows).
    expect(formRefusal(answer)).toMatchObject({ key: "aboveAvailable", field: "amount" });
    expect((await walletOf(t.db, member.id)).available).toBe(20_000);
  });

  it("refuses amounts that are not a whole number of yen, or past any balance, by the form's schema", async () => {
    const member = await payingMember(20_000);
    for (const amount of ["-5", "12.5", "1e999", "999999999"]) {
      const answer = await routes.post(
        "/users/withdraw/new",
        { method: "bank", amount, requestKey: key() },
        { as: member },
      );
      expect(answer.status, amount).toBe(400);
      expect(formRefusal(answer).fields.amount, amount).toBeTruthy();
    }
  });
});

describe("profile page", () => {
  it("payout details: every field wrong at once is refused field by field, nothing saved", async () => {
    const member = await createUser(t.db);
    // One session across both requests: payout details open only after it confirmed the
    // password again.
    const { token } = await createSession(t.db, member.id, { userAgent: "route-test" });
    const session = { cookies: { [SESSION_COOKIE]: token } };
    const reauth = await routes.post(
      "/users/mypage",
      { intent: "reauth", email: member.email, password: TEST_PASSWORD },
      session,
    );
    expect(reauth.actionData).toMatchObject({ ok: true });
    const answer = await routes.post(
      "/users/mypage",
      {
        intent: "payment",
        bankName: "x".repeat(300),
        bankCode: "abcd",
        branchName: "東京営業部",
        branchNumber: "9a",
        accountType: "savings",
        bankAccountNumber: "12ab",
        accountHolder: "Suzuki Hanako",
        usdtAddress: "",
        exnessEmail: "",
        peskaEmail: "",
        bitwalletEmail: "",
        paypayId: "",
      },
      session,
    );
    expect(answer.status).toBe(400);
    expect(formRefusal(answer).fields).toEqual({
      bankName: "tooLong",
      bankCode: "digits4",
      branchNumber: "digits3",
      bankAccountNumber: "digits7",
      accountHolder: "katakana",
    });
    const said = (name: string) =>
      refusalText(answer, "ja", { name, label: `profile:fields.${name}` });
    expect(await said("bankCode")).toBe("銀行コードは半角数字4桁で入力してください");
    expect(await said("branchNumber")).toBe("支店番号は半角数字3桁で入力してください");
    const saved = await t.db.kysely
      .selectFrom("payment_details")
      .select("user_id")
      .where("user_id", "=", member.id)
      .execute();
    expect(saved).toEqual([]);
  });

  it("profile: a name in Japanese letters and an over-long URL are refused, each named", async () => {
    const member = await createUser(t.db);
    const answer = await routes.post(
      "/users/mypage",
      {
        intent: "profile",
        name: "山田 太郎",
        nickname: "yamada",
        twitterUrl: "https://example.com/" + "x".repeat(400),
      },
      { as: member },
    );
    expect(answer.status).toBe(400);
    expect(formRefusal(answer).fields).toEqual({ name: "nameLetters", twitterUrl: "tooLong" });
    const said = (name: string) =>
      refusalText(answer, "ja", { name, label: `profile:fields.${name}` });
    expect(await said("name")).toContain("半角英字");
    expect(await said("twitterUrl")).toBe("TwitterアカウントURLが長すぎます");
  });
});

describe("notification switches", () => {
  it("reads the ticked switches through the form's schema: unticked is off, LINE left alone unless shown", async () => {
    const member = await createUser(t.db);
    const answer = await routes.post(
      "/users/mypage",
      { intent: "notifications", "mail.withdrawal": "on", "mail.rewards": "on" },
      { as: member },
    );
    expect(answer.status).toBe(200);
    const prefs = await readNotifyPrefs(t.db.kysely, member.id);
    expect(prefs.mail).toMatchObject({
      withdrawal: true,
      transfer: false,
      account: false,
      rewards: true,
    });
    const odd = await routes.post(
      "/users/mypage",
      { intent: "notifications", lineShown: "yes" },
      { as: member },
    );
    expect(odd.status).toBe(400);
  });
});

describe("support chat", () => {
  it("refuses an empty message with the reason under the text field; nothing is sent", async () => {
    const member = await createUser(t.db);
    const form = new FormData();
    form.set("body", "");
    const answer = await routes.post("/users/chat", form, { as: member });
    expect(answer.status).toBe(400);
    expect(formRefusal(answer).fields).toEqual({ body: "chatEmpty" });
    expect(await refusalText(answer, "en", { name: "body", label: "chat:composer.label" })).toBe(
      "Write a message or choose an image",
    );
    const page = await routes.get("/users/chat", { as: member });
    expect(pageData<{ page: { messages: unknown[] } }>(page).page.messages).toEqual([]);
  });
});
