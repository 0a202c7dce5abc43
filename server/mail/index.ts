import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createInstance, type TFunction } from "i18next";
import nodemailer from "nodemailer";
import enMail from "../../locales/en/mail.json";
import jaMail from "../../locales/ja/mail.json";
import type { Language } from "#db/schema";
import type { Config } from "../config";
import type { Logger } from "../logger";

export type MailTemplate =
  | "verifyEmail"
  | "resetPassword"
  | "changeEmail"
  | "emailChangeNotice"
  | "passwordChanged"
  | "paymentDetailsChanged"
  | "alreadyRegistered"
  /** To the owner of an address another member tried to move their account onto. */
  | "emailChangeAttempt"
  /** The member closed their account (the last mail the account receives). */
  | "accountClosed"
  /** The member's copy of their data is ready: a link valid 24 hours. */
  | "dataExportReady"
  /** To the address an operator gives `cli.js doctor --mail-to`: the mail settings work. */
  | "doctorTest"
  /** An invitation to join the admin team: a single-use link (72 hours). */
  | "adminInvitation"
  /** A money event from the outbox: subject and body rendered by server/notify/mail-messages. */
  | "notification";

export interface MailMessage {
  to: string;
  language: Language;
  template: MailTemplate;
  params: {
    /**
     * The greeting's name. Left out of every mail to an address not yet proven to be the
     * member's: a name is member-written text, and the portal's mail must not carry it to
     * someone else's inbox.
     */
    name?: string;
    link?: string;
    newEmail?: string;
    loginLink?: string;
    resetLink?: string;
    subject?: string;
    body?: string;
    origin?: string;
    from?: string;
  };
  /**
   * A stable Message-ID (an outbox row's retry key): a mail repeated after a crash between the
   * server's acceptance and our record carries the same id, so it reads as one message.
   */
  messageId?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

const i18n = createInstance();
void i18n.init({
  resources: { ja: { mail: jaMail }, en: { mail: enMail } },
  fallbackLng: "ja",
  defaultNS: "mail",
  ns: ["mail"],
  interpolation: { escapeValue: false },
  initImmediate: false,
});

export function renderMail(message: MailMessage): { subject: string; text: string } {
  const t: TFunction = i18n.getFixedT(message.language, "mail");
  const own = message.template === "notification";
  const subject = own ? (message.params.subject ?? "") : t(`${message.template}.subject`);
  const text = [
    message.params.name ? t("greeting", { name: message.params.name }) : t("greetingPlain"),
    "",
    own ? (message.params.body ?? "") : t(`${message.template}.body`, message.params),
    "",
    "--",
    t("footer"),
  ].join("\n");
  return { subject, text };
}

/**
 * SMTP (SMTP_URL) when MAIL_TRANSPORT is smtp; with file, each mail is written to MAIL_DIR as a
 * file and its path logged. The link itself is never logged: it is a secret until it has been used.
 */
export function createMailer(config: Config, log: Logger): Mailer {
  if (config.MAIL_TRANSPORT === "smtp" && config.SMTP_URL) {
    const transport = nodemailer.createTransport(config.SMTP_URL);
    return {
      async send(message) {
        const { subject, text } = renderMail(message);
        const info = await transport.sendMail({
          from: config.MAIL_FROM,
          to: message.to,
          subject,
          text,
          ...(message.messageId ? { messageId: message.messageId } : {}),
        });
        log.info({ template: message.template, messageId: info.messageId }, "mail sent");
      },
    };
  }
  return {
    async send(message) {
      const { subject, text } = renderMail(message);
      const dir = path.resolve(config.MAIL_DIR);
      mkdirSync(dir, { recursive: true });
      const file = path.join(
        dir,
        `${new Date().toISOString().replace(/[:.]/g, "-")}-${message.template}.txt`,
      );
      writeFileSync(
        file,
        `From: ${config.MAIL_FROM}\nTo: ${message.to}\n` +
          (message.messageId ? `Message-ID: ${message.messageId}\n` : "") +
          `Subject: ${subject}\n\n${text}\n`,
        { mode: 0o600 },
      );
      log.info(
        { template: message.template, file },
        "mail written to a file (MAIL_TRANSPORT is file)",
      );
    },
  };
}

const mailers = new WeakMap<Config, Mailer>();

/** One mailer per configuration, so a process keeps one SMTP connection pool. */
export function mailerFor(config: Config, log: Logger): Mailer {
  let mailer = mailers.get(config);
  if (!mailer) {
    mailer = createMailer(config, log);
    mailers.set(config, mailer);
  }
  return mailer;
}
