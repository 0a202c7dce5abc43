import type { Db } from "../../db";
import type { Language, NotificationKind } from "../../db/schema";
import type { LineMessaging } from "../line/messaging";
import type { Logger } from "../logger";
import { renderNotification } from "./messages";
import { type ClaimedNotification, claimDue, finishClaim, rescheduleClaim } from "./outbox";

/**
 * Drains the notification outbox: claims due rows (a lease), works out whether and how each
 * member can be told, pushes the text to LINE with the row's retry key, and records the
 * outcome. Several dispatchers (threads of one worker, or several worker processes) can run at
 * once: claims never overlap while a lease lasts, and a push repeated after a lost answer or a
 * crash is refused by LINE with 409, which counts as sent.
 */

export interface DispatcherOptions {
  db: Db;
  log: Logger;
  /** Null: log-only mode (no LINE credentials); messages are logged and rows marked skipped. */
  messaging: LineMessaging | null;
  appOrigin: string;
  batchSize: number;
  concurrency: number;
  leaseMs: number;
  maxAttempts: number;
  backoffBaseMs: number;
  backoffMaxMs: number;
  pollIntervalMs: number;
}

/** The preference column that governs each kind of notification. */
export const PREFERENCE_OF: Record<
  NotificationKind,
  "withdrawal" | "transfer" | "marathon" | "support"
> = {
  withdrawal_completed: "withdrawal",
  withdrawal_rejected: "withdrawal",
  transfer_completed: "transfer",
  transfer_failed: "transfer",
  transfer_received: "transfer",
  marathon_goal: "marathon",
  support_reply: "support",
};

interface Recipient {
  language: Language;
  lineUserId: string | null;
  /** False after an unfollow (or a block); null when the bot never heard either way. */
  following: boolean | null;
  prefs: Record<"withdrawal" | "transfer" | "marathon" | "support", boolean>;
}

async function recipients(db: Db, userIds: string[]): Promise<Map<string, Recipient>> {
  const rows = await db.kysely
    .selectFrom("users")
    .leftJoin("line_links", "line_links.user_id", "users.id")
    .leftJoin("line_friends", "line_friends.line_user_id", "line_links.line_user_id")
    .leftJoin("line_notify_prefs", "line_notify_prefs.user_id", "users.id")
    .select([
      "users.id",
      "users.language",
      "line_links.line_user_id",
      "line_friends.following",
      "line_notify_prefs.withdrawal",
      "line_notify_prefs.transfer",
      "line_notify_prefs.marathon",
      "line_notify_prefs.support",
    ])
    .where("users.id", "in", userIds)
    .execute();
  const on = (v: number | null) => v === null || Number(v) === 1;
  return new Map(
    rows.map((r) => [
      r.id,
      {
        language: r.language === "en" ? "en" : "ja",
        lineUserId: r.line_user_id,
        following: r.following === null ? null : Number(r.following) === 1,
        prefs: {
          withdrawal: on(r.withdrawal),
          transfer: on(r.transfer),
          marathon: on(r.marathon),
          support: on(r.support),
        },
      },
    ]),
  );
}

/** Exponential backoff with jitter: base·2^(n-1), capped, then 50-100 % of it. */
export function backoffMs(attempts: number, baseMs: number, maxMs: number): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(ceiling / 2 + Math.random() * (ceiling / 2));
}

export type DeliveryResult = "sent" | "retry" | "failed" | "skipped" | "lost";

export class NotificationDispatcher {
  private running = false;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  /** After a 429 the whole worker slows down, not only the row that got it. */
  private pausedUntil = 0;
  readonly stats = { sent: 0, retried: 0, failed: 0, skipped: 0, lost: 0 };

  constructor(private readonly options: DispatcherOptions) {}

  get logOnly(): boolean {
    return this.options.messaging === null;
  }

  /** Claims one batch and delivers it; returns how many rows it claimed. */
  async runOnce(): Promise<number> {
    const { db } = this.options;
    const batch = await claimDue(db, {
      limit: this.options.batchSize,
      leaseMs: this.options.leaseMs,
    });
    if (batch.length === 0) return 0;
    const people = await recipients(db, [...new Set(batch.map((n) => n.userId))]);
    let next = 0;
    const worker = async () => {
      while (next < batch.length) {
        const claim = batch[next++]!;
        await this.deliver(claim, people.get(claim.userId)).catch((err: unknown) => {
          // A database error while recording: the lease runs out and the row is claimed again.
          this.options.log.error({ err, notification: claim.id }, "recording a delivery failed");
        });
      }
    };
    await Promise.all(
      Array.from({ length: Math.min(this.options.concurrency, batch.length) }, worker),
    );
    return batch.length;
  }

  private async record(
    claim: ClaimedNotification,
    result: Exclude<DeliveryResult, "retry" | "lost">,
    reason: string | null,
    requestId: string | null = null,
  ): Promise<DeliveryResult> {
    const kept = await finishClaim(this.options.db, claim, { status: result, reason, requestId });
    if (!kept) {
      // Our lease ended and another worker holds the row now; it decides.
      this.stats.lost++;
      return "lost";
    }
    this.stats[result]++;
    return result;
  }

  async deliver(claim: ClaimedNotification, who: Recipient | undefined): Promise<DeliveryResult> {
    const { log, messaging } = this.options;
    if (!who) return this.record(claim, "skipped", "member_gone");
    if (!who.lineUserId) return this.record(claim, "skipped", "not_linked");
    if (!who.prefs[PREFERENCE_OF[claim.kind]])
      return this.record(claim, "skipped", "preference_off");
    if (who.following === false) return this.record(claim, "skipped", "unreachable");
    const text = renderNotification(
      claim.kind,
      claim.payload,
      who.language,
      this.options.appOrigin,
    );
    if (!messaging) {
      log.info(
        { notification: claim.id, kind: claim.kind, to: who.lineUserId, text },
        "log-only mode: notification not sent",
      );
      return this.record(claim, "skipped", "log_only");
    }

    const outcome = await messaging.push(who.lineUserId, [{ type: "text", text }], claim.retryKey);
    switch (outcome.kind) {
      case "sent":
        return this.record(claim, "sent", null, outcome.requestId);
      case "duplicate":
        // LINE accepted this retry key before (the earlier answer was lost): sent once.
        log.info({ notification: claim.id }, "LINE had already accepted this notification (409)");
        return this.record(claim, "sent", "409: accepted earlier", outcome.requestId);
      case "fail":
        log.warn({ notification: claim.id, reason: outcome.reason }, "LINE refused a notification");
        return this.record(claim, "failed", outcome.reason);
      case "retry": {
        if (claim.attempts >= this.options.maxAttempts) {
          log.warn(
            { notification: claim.id, attempts: claim.attempts, reason: outcome.reason },
            "giving up on a notification",
          );
          return this.record(
            claim,
            "failed",
            `gave up after ${claim.attempts} attempts: ${outcome.reason}`,
          );
        }
        const wait = Math.max(
          backoffMs(claim.attempts, this.options.backoffBaseMs, this.options.backoffMaxMs),
          outcome.retryAfterMs ?? 0,
        );
        if (outcome.reason.startsWith("HTTP 429")) {
          this.pausedUntil = Math.max(this.pausedUntil, Date.now() + wait);
        }
        const kept = await rescheduleClaim(
          this.options.db,
          claim,
          new Date(Date.now() + wait),
          outcome.reason,
        );
        if (!kept) {
          this.stats.lost++;
          return "lost";
        }
        this.stats.retried++;
        return "retry";
      }
    }
  }

  /** Runs until stop(): a batch after another while there is work, else a poll interval. */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = (async () => {
      while (this.running) {
        let claimed = 0;
        const pause = this.pausedUntil - Date.now();
        if (pause > 0) {
          await this.sleep(pause);
          continue;
        }
        try {
          claimed = await this.runOnce();
        } catch (err) {
          this.options.log.error({ err }, "claiming notifications failed");
        }
        if (claimed === 0 && this.running) await this.sleep(this.options.pollIntervalMs);
      }
    })();
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }

  /** Finishes the batch in hand (its pushes and records), then returns. */
  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
    this.loop = null;
  }
}
