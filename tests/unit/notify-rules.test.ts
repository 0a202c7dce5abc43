import { describe, expect, it } from "vitest";
import { tokyoDay } from "#domain/tokyo";
import { addCredit, digestDueAt, emptyDigest } from "#server/notify/digest";
import { renderNotificationMail } from "#server/notify/mail-messages";
import { renderNotification } from "#server/notify/messages";
import { ALL_ON, channelsFor, type NotifyPrefs, wants } from "#server/notify/preferences";

const prefs = (change: (p: NotifyPrefs) => void): NotifyPrefs => {
  const p = structuredClone(ALL_ON);
  change(p);
  return p;
};

describe("which channels an event goes to", () => {
  it("by default, money events go to LINE and mail; credits reach mail only as the digest", () => {
    expect(channelsFor(ALL_ON, "withdrawal_rejected")).toEqual(["line", "mail"]);
    expect(channelsFor(ALL_ON, "transfer_received")).toEqual(["line", "mail"]);
    expect(channelsFor(ALL_ON, "account_approved")).toEqual(["line", "mail"]);
    expect(channelsFor(ALL_ON, "battle_prize")).toEqual(["line"]);
    expect(channelsFor(ALL_ON, "marathon_goal")).toEqual(["line"]);
    expect(channelsFor(ALL_ON, "rewards_digest")).toEqual(["mail"]);
    expect(channelsFor(ALL_ON, "support_reply")).toEqual(["line"]);
  });

  it("a switch turned off removes only its own group and channel", () => {
    const noMailWithdrawals = prefs((p) => (p.mail.withdrawal = false));
    expect(channelsFor(noMailWithdrawals, "withdrawal_completed")).toEqual(["line"]);
    expect(channelsFor(noMailWithdrawals, "transfer_completed")).toEqual(["line", "mail"]);
    const noLineAccounts = prefs((p) => (p.line.account = false));
    expect(channelsFor(noLineAccounts, "account_denied")).toEqual(["mail"]);
    expect(channelsFor(noLineAccounts, "withdrawal_completed")).toEqual(["line", "mail"]);
    const noRewardMail = prefs((p) => (p.mail.rewards = false));
    expect(channelsFor(noRewardMail, "rewards_digest")).toEqual([]);
    expect(channelsFor(noRewardMail, "battle_prize")).toEqual(["line"]);
    // LINE's rewards switch is the older marathon switch: it governs battle prizes too.
    expect(
      channelsFor(
        prefs((p) => (p.line.rewards = false)),
        "battle_prize",
      ),
    ).toEqual([]);
  });

  it("never mails a LINE-only kind, whatever the switches say", () => {
    expect(wants(ALL_ON, "mail", "support_reply")).toBe(false);
    expect(wants(ALL_ON, "mail", "battle_prize")).toBe(false);
    expect(wants(ALL_ON, "line", "rewards_digest")).toBe(false);
  });
});

describe("the daily digest", () => {
  it("sums credits per kind and in total, and ignores credits that are not money in", () => {
    let d = emptyDigest("2026-11-25");
    d = addCredit(d, "present", 1_000);
    d = addCredit(d, "affiliate_reward", 250);
    d = addCredit(d, "present", 500);
    d = addCredit(d, "gacha_win", 0);
    d = addCredit(d, "gacha_win", -10);
    d = addCredit(d, "gacha_win", 1.5);
    expect(d).toEqual({
      date: "2026-11-25",
      items: { present: { count: 2, amount: 1_500 }, affiliate_reward: { count: 1, amount: 250 } },
      total: 1_750,
    });
  });

  it("belongs to the Tokyo day and is due at the next Tokyo midnight", () => {
    expect(tokyoDay(new Date("2026-11-25T14:59:59.999Z"))).toBe("2026-11-25");
    expect(tokyoDay(new Date("2026-11-25T15:00:00.000Z"))).toBe("2026-11-26");
    expect(digestDueAt("2026-11-25").toISOString()).toBe("2026-11-25T15:00:00.000Z");
    // Month and year ends roll over like any other day.
    expect(digestDueAt("2026-12-31").toISOString()).toBe("2026-12-31T15:00:00.000Z");
  });
});

/** A mail with this subject whose body holds every one of `parts`. */
function expectMail(mail: { subject: string; body: string }, subject: string, parts: string[]) {
  expect(mail.subject).toBe(subject);
  for (const part of parts) expect(mail.body).toContain(part);
}

describe("mail texts", () => {
  const at = new Date("2026-11-25T15:30:00Z"); // 00:30 on the 26th in Tokyo
  const options = { appOrigin: "https://portal.example", at };

  it("writes yen amounts, the reason and Tokyo time, in Japanese and English", () => {
    const payload = { withdrawalId: "w1", amount: 12_345, method: "bank", reason: "名義不一致" };
    expectMail(
      renderNotificationMail("withdrawal_rejected", payload, "ja", options),
      "【CBポータル】出金申請は承認されませんでした",
      [
        "金額：￥12,345",
        "方法：銀行振込",
        "理由：名義不一致",
        "2026/11/26 00:30",
        "https://portal.example/users/withdraw",
      ],
    );
    expectMail(
      renderNotificationMail("withdrawal_completed", payload, "en", options),
      "[CB Portal] Your withdrawal of ¥12,345 is complete",
      ["Method: Bank transfer", "26/11/2026, 00:30"],
    );
  });

  it("lists the digest's kinds in a fixed order with their totals", () => {
    let d = emptyDigest("2026-11-25");
    d = addCredit(d, "present", 1_000);
    d = addCredit(d, "battle_prize", 20_000);
    const en = renderNotificationMail("rewards_digest", { ...d }, "en", options);
    expect(en.subject).toBe("[CB Portal] ¥21,000 in prizes and rewards on 2026/11/25");
    expect(en.body).toMatch(
      /Ranking battle prize: ¥20,000 \(1\)\n- Present: ¥1,000 \(1\)\nTotal: ¥21,000/,
    );
    const ja = renderNotificationMail("rewards_digest", { ...d }, "ja", options);
    expect(ja.body).toContain("・ランキングバトル賞金：￥20,000（1件）");
  });

  it("refuses to mail a LINE-only kind", () => {
    expect(() => renderNotificationMail("support_reply", {}, "ja", options)).toThrow();
  });

  it("tells an EA-dedicated request's decision by mail and LINE, the denial with its reason", () => {
    const payload = { requestId: "r1", broker: "XM", accountNumber: "123456", reason: "確認不可" };
    expectMail(
      renderNotificationMail("ea_account_denied", payload, "ja", options),
      "【CBポータル】EA専用口座の申請は承認されませんでした",
      ["XMの口座 123456", "理由：確認不可", "https://portal.example/users/bank"],
    );
    const approved = renderNotificationMail("ea_account_approved", payload, "en", options);
    expect(approved.subject).toBe("[CB Portal] Your XM account is now EA-dedicated");
    const line = renderNotification("ea_account_denied", payload, "en", "https://portal.example");
    expect(line).toContain("XM account 123456 EA-dedicated was not approved.\nReason: 確認不可");
    expect(line).toContain("https://portal.example/users/bank");
    expect(channelsFor(ALL_ON, "ea_account_approved")).toEqual(["line", "mail"]);
  });
});
