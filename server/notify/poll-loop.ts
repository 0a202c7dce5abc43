import type { Logger } from "../logger";
import { deliveries } from "../metrics";

/** How a claimed row ended; "lost": our lease ended first and another worker decides it. */
export type DeliveryResult = "sent" | "retry" | "failed" | "skipped" | "lost";

/** A dispatcher's outcomes since it started (the tests and the shutdown log read them). */
export function deliveryStats() {
  return { sent: 0, retried: 0, failed: 0, skipped: 0, lost: 0 };
}

/** Counts one outcome in the dispatcher's stats and in the process's metrics. */
export function countDelivery(
  stats: ReturnType<typeof deliveryStats>,
  channel: "line" | "mail",
  result: DeliveryResult,
): void {
  stats[result === "retry" ? "retried" : result]++;
  deliveries.inc({ channel, result });
}

export interface PollLoopOptions {
  /** Claims and handles one batch; how many rows it claimed (0 means "nothing due, wait"). */
  batch: () => Promise<number>;
  pollIntervalMs: number;
  log: Logger;
  /** What the log says when a batch throws; the loop keeps going. */
  failureMessage: string;
  /** Epoch ms before which no batch may start (a provider asked us to slow down). */
  pausedUntil?: () => number;
}

/**
 * The worker loop the LINE and mail dispatchers share: a batch after another while there is work,
 * else a poll interval; stop() cuts the wait short and returns once the batch in hand is done.
 */
export class PollLoop {
  private running = false;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;

  constructor(private readonly options: PollLoopOptions) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = (async () => {
      while (this.running) {
        const pause = (this.options.pausedUntil?.() ?? 0) - Date.now();
        if (pause > 0) {
          await this.sleep(pause);
          continue;
        }
        let claimed = 0;
        try {
          claimed = await this.options.batch();
        } catch (err) {
          this.options.log.error({ err }, this.options.failureMessage);
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

  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
    this.loop = null;
  }
}
