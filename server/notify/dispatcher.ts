import type { Db } from "#db";
import { isRetryableTxError } from "#db/dialect";
import type { Language, NotificationKind } from "#db/schema";
import type { LineMessaging } from "../line/messaging";
import type { Logger } from "../logger";
import { renderNotification } from "./messages";
import { countDelivery, type DeliveryResult, deliveryStats, PollLoop } from "./poll-loop";
import {
  type ClaimedNotification,
  claimDue,
  finishClaim,
  finishSent,
  rescheduleClaim,
} from "./outbox";

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
  /**
   * Null without LINE credentials: nothing is claimed, so every row stays pending until a worker
   * with a channel access token sends it.
   */
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
type LineSwitch = "withdrawal" | "transfer" | "marathon" | "support" | "account";
export const PREFERENCE_OF: Record<NotificationKind, LineSwitch> = {
  withdrawal_completed: "withdrawal",
  withdrawal_rejected: "withdrawal",
  transfer_completed: "transfer",
  transfer_failed: "transfer",
  transfer_received: "transfer",
  marathon_goal: "marathon",
  // A battle prize is an engagement reward like a marathon goal: the same switch governs it.
  battle_prize: "marathon",
  support_reply: "support",
  account_approved: "account",
  account_denied: "account",
  ea_account_approved: "account",
  ea_account_denied: "account",
  usdt_network_changed: "withdrawal",
  // Mail only; never claimed here (claimDue takes LINE rows).
  rewards_digest: "marathon",
};

interface Recipient {
  language: Language;
  lineUserId: string | null;
  /** False after an unfollow (or a block); null when the bot never heard either way. */
  following: boolean | null;
  prefs: Record<LineSwitch, boolean>;
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
      "line_notify_prefs.account",
    ])
    .where("users.id", "in", userIds)
    .where("users.closed_at", "is", null)
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
          account: on(r.account),
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

/** What to record for a claimed row once its push (if any) is over. */
interface Decision {
  claim: ClaimedNotification;
  result: "sent" | "retry" | "failed" | "skipped";
  reason: string | null;
  requestId: string | null;
  retryAt?: Date;
}

export class NotificationDispatcher {
  private readonly poller: PollLoop;
  /** The outcomes of the last batch being written; batches are recorded in order. */
  private recording: Promise<void> = Promise.resolve();
  /** After a 429 the whole worker slows down, not only the row that got it. */
  private pausedUntil = 0;
  readonly stats = deliveryStats();

  constructor(private readonly options: DispatcherOptions) {
    this.poller = new PollLoop({
      batch: () => this.pushBatch(),
      pollIntervalMs: options.pollIntervalMs,
      log: options.log,
      failureMessage: "claiming notifications failed",
      pausedUntil: () => this.pausedUntil,
    });
  }

  get logOnly(): boolean {
    return this.options.messaging === null;
  }

  /**
   * Claims one batch, pushes it (`concurrency` at a time) and records every outcome in one
   * transaction: one commit per batch instead of one per message. If the worker dies before
   * that commit, the batch's rows are claimed again once the lease ends, and LINE answers the
   * repeated pushes with 409: still one delivery each. Returns how many rows it claimed.
   */
  async runOnce(): Promise<number> {
    const claimed = await this.pushBatch();
    await this.recording;
    return claimed;
  }

  /**
   * The loop's step: like runOnce, but the batch's outcomes are recorded while the next batch
   * is claimed and pushed (one recording at a time, in order), so pushes keep flowing.
   */
  private async pushBatch(): Promise<number> {
    const { db } = this.options;
    if (this.logOnly) return 0;
    const batch = await claimDue(db, {
      limit: this.options.batchSize,
      leaseMs: this.options.leaseMs,
    });
    if (batch.length === 0) return 0;
    const people = await recipients(db, [...new Set(batch.map((n) => n.userId))]);
    const decisions: Decision[] = [];
    let next = 0;
    const worker = async () => {
      while (next < batch.length) {
        const claim = batch[next++]!;
        decisions.push(await this.decide(claim, people.get(claim.userId)));
      }
    };
    await Promise.all(
      Array.from({ length: Math.min(this.options.concurrency, batch.length) }, worker),
    );
    this.recording = this.recording.then(() =>
      this.record(decisions).then(
        () => undefined,
        (err: unknown) => {
          // The rows stay claimed until the lease ends, then go out again (409 = sent).
          this.options.log.error({ err, rows: decisions.length }, "recording deliveries failed");
        },
      ),
    );
    return batch.length;
  }

  /** Pushes one claimed row and records the outcome at once (the batch path records later). */
  async deliver(claim: ClaimedNotification, who: Recipient | undefined): Promise<DeliveryResult> {
    const [result] = await this.record([await this.decide(claim, who)]);
    return result!;
  }

  private async record(decisions: Decision[]): Promise<DeliveryResult[]> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.recordOnce(decisions);
      } catch (error) {
        // A deadlock or a busy SQLite file: the transaction was rolled back, so try again.
        if (attempt >= 4 || !isRetryableTxError(error)) throw error;
        await new Promise((r) => setTimeout(r, 10 * attempt + Math.random() * 20));
      }
    }
  }

  private async recordOnce(decisions: Decision[]): Promise<DeliveryResult[]> {
    const results = await this.options.db.kysely.transaction().execute(async (trx) => {
      const sent = await finishSent(
        trx,
        decisions
          .filter((d) => d.result === "sent")
          .map((d) => ({
            id: d.claim.id,
            claimToken: d.claim.claimToken,
            requestId: d.requestId,
            reason: d.reason,
          })),
      );
      const out: DeliveryResult[] = [];
      for (const d of decisions) {
        const kept =
          d.result === "sent"
            ? sent.has(d.claim.id)
            : d.result === "retry"
              ? await rescheduleClaim(trx, d.claim, d.retryAt!, d.reason ?? "")
              : await finishClaim(trx, d.claim, {
                  status: d.result,
                  reason: d.reason,
                  requestId: d.requestId,
                });
        // Not kept: our lease ended and another worker holds the row now; it decides.
        out.push(kept ? d.result : "lost");
      }
      return out;
    });
    for (const r of results) countDelivery(this.stats, "line", r);
    return results;
  }

  private async decide(claim: ClaimedNotification, who: Recipient | undefined): Promise<Decision> {
    const { log, messaging } = this.options;
    const done = (
      result: Decision["result"],
      reason: string | null = null,
      requestId: string | null = null,
    ): Decision => ({ claim, result, reason, requestId });
    if (!who) return done("skipped", "member_gone");
    if (!who.lineUserId) return done("skipped", "not_linked");
    if (!who.prefs[PREFERENCE_OF[claim.kind]]) return done("skipped", "preference_off");
    if (who.following === false) return done("skipped", "unreachable");
    const text = renderNotification(
      claim.kind,
      claim.payload,
      who.language,
      this.options.appOrigin,
    );
    // pushBatch claims nothing without a channel access token; a claim handed to deliver() is
    // left to its lease, so the row goes out once a worker that can send takes it.
    if (!messaging) throw new Error("LINE_CHANNEL_ACCESS_TOKEN is not set: nothing can be sent");

    const outcome = await messaging.push(who.lineUserId, [{ type: "text", text }], claim.retryKey);
    switch (outcome.kind) {
      case "sent":
        return done("sent", null, outcome.requestId);
      case "duplicate":
        // LINE accepted this retry key before (the earlier answer was lost): sent once.
        log.info({ notification: claim.id }, "LINE had already accepted this notification (409)");
        return done("sent", "409: accepted earlier", outcome.requestId);
      case "fail":
        log.warn({ notification: claim.id, reason: outcome.reason }, "LINE refused a notification");
        return done("failed", outcome.reason);
      case "retry": {
        if (claim.attempts >= this.options.maxAttempts) {
          log.warn(
            { notification: claim.id, attempts: claim.attempts, reason: outcome.reason },
            "giving up on a notification",
          );
          return done("failed", `gave up after ${claim.attempts} attempts: ${outcome.reason}`);
        }
        const wait = Math.max(
          backoffMs(claim.attempts, this.options.backoffBaseMs, this.options.backoffMaxMs),
          outcome.retryAfterMs ?? 0,
        );
        if (outcome.reason.startsWith("HTTP 429")) {
          this.pausedUntil = Math.max(this.pausedUntil, Date.now() + wait);
        }
        return {
          claim,
          result: "retry",
          reason: outcome.reason,
          requestId: null,
          retryAt: new Date(Date.now() + wait),
        };
      }
    }
  }

  /** Runs until stop(): a batch after another while there is work, else a poll interval. */
  start(): void {
    this.poller.start();
  }

  /** Finishes the batch in hand (its pushes and records), then returns. */
  async stop(): Promise<void> {
    await this.poller.stop();
    await this.recording;
  }
}
