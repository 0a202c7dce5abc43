import enLine from "../../locales/en/line.json";
import jaLine from "../../locales/ja/line.json";
import type { Language, NotificationKind } from "#db/schema";

/**
 * The texts the bot sends, in the member's language (users.language, read when the message is
 * sent), from the `notify` section of locales/{ja,en}/line.json: the same files translators
 * already edit for the LINE page.
 */

type Texts = typeof jaLine.notify;
const TEXTS: Record<Language, Texts> = { ja: jaLine.notify, en: enLine.notify };

/** LINE's limit for one text message is 5,000 characters; ours stay far below. */
const MAX_TEXT = 5000;

/** The template with each {{name}} replaced by its value (LINE and mail texts alike). */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? "");
}

export function formatYen(amount: number, language: Language): string {
  return new Intl.NumberFormat(language === "ja" ? "ja-JP" : "en-US", {
    style: "currency",
    currency: "JPY",
  }).format(amount);
}

/** A payload value as text: missing is "". */
export const str = (v: unknown) =>
  typeof v === "string" ? v : v === null || v === undefined ? "" : String(v);
const num = (v: unknown) => (typeof v === "number" ? v : Number(v));

/** Where each kind of notification leads in the portal (LINE and mail). */
export const PATHS: Record<NotificationKind, string> = {
  withdrawal_completed: "/users/withdraw",
  withdrawal_rejected: "/users/withdraw",
  transfer_completed: "/users/withdraw",
  transfer_failed: "/users/withdraw",
  transfer_received: "/users/present",
  marathon_goal: "/users/cb_marathon",
  battle_prize: "/users/cashback-battle",
  support_reply: "/users/chat",
  account_approved: "/users/bank",
  account_denied: "/users/bank",
  ea_account_approved: "/users/bank",
  ea_account_denied: "/users/bank",
  usdt_network_changed: "/users/mypage#payment",
  rewards_digest: "/users/statement",
};

export function renderNotification(
  kind: NotificationKind,
  payload: Record<string, unknown>,
  language: Language,
  appOrigin: string,
): string {
  const t = TEXTS[language] ?? TEXTS.ja;
  const amount = formatYen(num(payload.amount), language);
  let body: string;
  switch (kind) {
    case "withdrawal_completed":
    case "withdrawal_rejected": {
      const method = str(payload.method);
      const label = (t.methods as Record<string, string>)[method] ?? method;
      body = fill(t[kind], { amount, method: label, reason: str(payload.reason) });
      break;
    }
    case "transfer_completed":
    case "transfer_failed":
    case "transfer_received":
      body = fill(t[kind], {
        amount,
        to: str(payload.to),
        from: str(payload.from),
        reason: str(payload.reason),
      });
      break;
    case "marathon_goal": {
      body = fill(t.marathon_goal, { number: str(payload.marathonNumber) });
      if (typeof payload.reward === "number" && payload.reward > 0) {
        body += "\n" + fill(t.marathon_reward, { amount: formatYen(payload.reward, language) });
      }
      // English members read the English text where the admin wrote one.
      const text =
        language === "en" && typeof payload.textEn === "string" && payload.textEn.trim()
          ? payload.textEn
          : payload.text;
      if (typeof text === "string" && text.trim()) {
        // The goal popup's text may carry line-break markers ("\n" written out).
        body += "\n" + text.replace(/\\n/g, "\n").trim();
      }
      break;
    }
    case "battle_prize":
      body = fill(t.battle_prize, {
        title: str(payload.title),
        rank: str(payload.rank),
        amount,
      });
      break;
    case "support_reply": {
      const excerpt = str(payload.excerpt).trim();
      body = fill(t.support_reply, { excerpt: excerpt || t.image });
      break;
    }
    case "account_approved":
    case "account_denied":
    case "ea_account_approved":
    case "ea_account_denied":
      body = fill(t[kind], {
        broker: str(payload.broker),
        accountNumber: str(payload.accountNumber),
        reason: str(payload.reason),
      });
      break;
    case "usdt_network_changed":
      body = fill(t.usdt_network_changed, { from: str(payload.from), to: str(payload.to) });
      break;
    case "rewards_digest":
      // Mail only (server/notify/preferences.ts): never claimed by the LINE dispatcher.
      throw new Error("rewards_digest is not a LINE message");
  }
  const text = `${body}\n\n${fill(t.link, { url: appOrigin + PATHS[kind] })}`;
  return text.length > MAX_TEXT ? text.slice(0, MAX_TEXT - 1) + "…" : text;
}

/** The bot's answer to a text message sent to the official account. */
export function botReplyText(language: Language, appOrigin: string): string {
  return fill((TEXTS[language] ?? TEXTS.ja).botReply, { url: `${appOrigin}/users/chat` });
}

/** The first characters of a support reply, for the LINE message (the rest is in the portal). */
export function excerptOf(body: string, max = 100): string {
  const flat = body.replace(/\s+/g, " ").trim();
  return flat.length > max ? flat.slice(0, max - 1) + "…" : flat;
}
