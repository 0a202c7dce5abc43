import type { Db } from "#db";
import type { Language } from "#db/schema";
import { fromDbTime } from "#db/time";
import type { Logger } from "../logger";
import type { Mailer } from "../mail";
import { backoffMs } from "./dispatcher";
import { renderNotificationMail } from "./mail-messages";
import { countDelivery, type DeliveryResult, deliveryStats, PollLoop } from "./poll-loop";
import { type ClaimedNotification, claimDue, finishClaim, rescheduleClaim } from "./outbox";
import { type NotifyPrefs, readNotifyPrefs, wants } from "./preferences";

/**
 * Drains the mail rows of the outbox, beside the LINE dispatcher in the bot
 * worker. The same claims as LINE's: a lease per row, candidates read with SKIP LOCKED on
 * MySQL, outcomes recorded only while the claim token still holds. Unlike LINE, SMTP has no
 * retry key, so each mail's outcome is committed right after the server accepted it (not per
 * batch), and the mail carries the row's retry key as its Message-ID: a worker killed before
 * sending leaves the row to the next claim after the lease; only a crash between the server's
 * acceptance and that commit can repeat a mail, and the repeat has the same Message-ID.
 */

export interface MailDispatcherOptions {
  db: Db;
  log: Logger;
  mailer: Mailer;
  appOrigin: string;
  batchSize: number;
  leaseMs: number;
  maxAttempts: number;
  backoffBaseMs: number;
  backoffMaxMs: number;
  pollIntervalMs: number;
}

export interface MailRecipient {
  email: string;
  name: string;
  language: Language;
  verified: boolean;
  prefs: NotifyPrefs;
}

export async function mailRecipient(db: Db, userId: string): Promise<MailRecipient | undefined> {
  const user = await db.kysely
    .selectFrom("users")
    .select(["email", "name", "language", "email_verified_at"])
    .where("id", "=", userId)
    // A closed account is nobody to write to: its rows are skipped as "member_gone".
    .where("closed_at", "is", null)
    .executeTakeFirst();
  if (!user) return undefined;
  return {
    email: user.email,
    name: user.name,
    language: user.language === "en" ? "en" : "ja",
    verified: user.email_verified_at !== null,
    prefs: await readNotifyPrefs(db.kysely, userId),
  };
}

export class MailDispatcher {
  private readonly poller: PollLoop;
  readonly stats = deliveryStats();

  constructor(private readonly options: MailDispatcherOptions) {
    this.poller = new PollLoop({
      batch: () => this.runOnce(),
      pollIntervalMs: options.pollIntervalMs,
      log: options.log,
      failureMessage: "mailing notifications failed",
    });
  }

  /** Claims one batch and mails it, one row at a time; how many rows it claimed. */
  async runOnce(): Promise<number> {
    const { db } = this.options;
    const batch = await claimDue(db, {
      channel: "mail",
      limit: this.options.batchSize,
      leaseMs: this.options.leaseMs,
    });
    for (const claim of batch) {
      await this.deliver(claim, await mailRecipient(db, claim.userId));
    }
    return batch.length;
  }

  /** Mails one claimed row and records the outcome at once. */
  async deliver(
    claim: ClaimedNotification,
    who: MailRecipient | undefined,
  ): Promise<DeliveryResult> {
    const result = await this.attempt(claim, who);
    countDelivery(this.stats, "mail", result);
    return result;
  }

  private async attempt(claim: ClaimedNotification, who: MailRecipient | undefined) {
    const { db, log } = this.options;
    const finish = async (status: "sent" | "failed" | "skipped", reason: string | null = null) =>
      (await finishClaim(db.kysely, claim, { status, reason })) ? status : ("lost" as const);
    if (!who) return finish("skipped", "member_gone");
    if (!who.verified) return finish("skipped", "email_unverified");
    if (!wants(who.prefs, "mail", claim.kind)) return finish("skipped", "preference_off");
    const created = await db.kysely
      .selectFrom("notifications")
      .select("created_at")
      .where("id", "=", claim.id)
      .where("claim_token", "=", claim.claimToken)
      .executeTakeFirst();
    // Another worker took the row over (our lease ended): it sends, not us.
    if (!created) return "lost" as const;
    const { subject, body } = renderNotificationMail(claim.kind, claim.payload, who.language, {
      appOrigin: this.options.appOrigin,
      at: fromDbTime(created.created_at),
    });
    try {
      await this.options.mailer.send({
        to: who.email,
        language: who.language,
        template: "notification",
        params: { name: who.name, subject, body },
        messageId: `<${claim.retryKey}@notify.cb-portal>`,
      });
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      if (claim.attempts >= this.options.maxAttempts) {
        log.warn({ notification: claim.id, reason }, "giving up on a mail");
        return finish("failed", `gave up after ${claim.attempts} attempts: ${reason}`);
      }
      const wait = backoffMs(claim.attempts, this.options.backoffBaseMs, this.options.backoffMaxMs);
      const kept = await rescheduleClaim(db.kysely, claim, new Date(Date.now() + wait), reason);
      return kept ? ("retry" as const) : ("lost" as const);
    }
    const result = await finish("sent");
    if (result === "lost") {
      log.warn({ notification: claim.id }, "a mail was sent after its lease ended");
    }
    return result;
  }

  /** Runs until stop(): a batch after another while there is work, else a poll interval. */
  start(): void {
    this.poller.start();
  }

  /** Finishes the mail in hand, then returns. */
  async stop(): Promise<void> {
    await this.poller.stop();
  }
}
