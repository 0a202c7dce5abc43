import enMail from "../../locales/en/mail.json";
import jaMail from "../../locales/ja/mail.json";
import enLine from "../../locales/en/line.json";
import jaLine from "../../locales/ja/line.json";
import type { Language, NotificationKind } from "#db/schema";
import { TOKYO } from "../domain/tokyo";
import { type DigestPayload, REWARD_KINDS } from "./digest";
import { fill, formatYen, PATHS, str } from "./messages";

/**
 * The mail texts of money events, in the member's language (read when the mail is sent), from
 * the `notify` section of locales/{ja,en}/mail.json. Amounts are yen, times Japan's.
 */

type Texts = typeof jaMail.notify;
const TEXTS: Record<Language, Texts> = { ja: jaMail.notify, en: enMail.notify };
const METHODS: Record<Language, Record<string, string>> = {
  ja: jaLine.notify.methods,
  en: enLine.notify.methods,
};

/** "2026/11/25 19:05" in Tokyo, the way Japanese members read times. */
export function formatTokyoTime(at: Date, language: Language): string {
  return new Intl.DateTimeFormat(language === "ja" ? "ja-JP" : "en-GB", {
    timeZone: TOKYO,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(at);
}

export interface RenderedMail {
  subject: string;
  body: string;
}

export function renderNotificationMail(
  kind: NotificationKind,
  payload: Record<string, unknown>,
  language: Language,
  options: { appOrigin: string; at: Date },
): RenderedMail {
  const t = TEXTS[language] ?? TEXTS.ja;
  const yen = (v: unknown) => formatYen(Number(v), language);
  let subject: string;
  let body: string;
  if (kind === "rewards_digest") {
    const digest = payload as unknown as DigestPayload;
    const values = { date: digest.date.replace(/-/g, "/"), total: yen(digest.total) };
    subject = fill(t.rewards_digest.subject, values);
    const lines = REWARD_KINDS.flatMap((k) => {
      const item = digest.items[k];
      return item
        ? [
            fill(t.rewards_digest.line, {
              label: t.rewards[k],
              amount: yen(item.amount),
              count: String(item.count),
            }),
          ]
        : [];
    });
    body = [
      fill(t.rewards_digest.body, values),
      ...lines,
      fill(t.rewards_digest.total, values),
    ].join("\n");
  } else if (
    kind === "withdrawal_completed" ||
    kind === "withdrawal_rejected" ||
    kind === "transfer_completed" ||
    kind === "transfer_failed" ||
    kind === "transfer_received" ||
    kind === "account_approved" ||
    kind === "account_denied" ||
    kind === "ea_account_approved" ||
    kind === "ea_account_denied"
  ) {
    const method = str(payload.method);
    const values = {
      amount: yen(payload.amount),
      method: METHODS[language]?.[method] ?? method,
      reason: str(payload.reason),
      to: str(payload.to),
      from: str(payload.from),
      broker: str(payload.broker),
      accountNumber: str(payload.accountNumber),
    };
    subject = fill(t[kind].subject, values);
    body =
      fill(t[kind].body, values) +
      "\n" +
      fill(t.when, { time: formatTokyoTime(options.at, language) });
  } else if (kind === "usdt_network_changed") {
    const values = { from: str(payload.from), to: str(payload.to) };
    subject = fill(t.usdt_network_changed.subject, values);
    body = fill(t.usdt_network_changed.body, values);
  } else {
    throw new Error(`${kind} is not sent by mail`);
  }
  body += [
    "",
    "",
    fill(t.link, { url: options.appOrigin + PATHS[kind] }),
    fill(t.settings, { url: `${options.appOrigin}/users/mypage#notifications` }),
  ].join("\n");
  return { subject, body };
}
