import type { IncomingMessage, ServerResponse } from "node:http";
import { type Db, within } from "#db";
import { storeEvents, webhookBody } from "#server/features/line/webhook";
import { validWebhookSignature } from "#server/line/messaging";
import type { Logger } from "#server/logger";

/** LINE's webhook bodies are small; anything this large is not from LINE. */
export const MAX_WEBHOOK_BYTES = 1024 * 1024;

export interface WebhookOptions {
  db: Db;
  log: Logger;
  /** Null without LINE credentials: the endpoint then refuses everything (503). */
  channelSecret: string | null;
  /**
   * How long recording a delivery may take before LINE is answered 500 (it redelivers): a
   * database that hangs must not hold LINE's request past its own timeout.
   */
  timeoutMs: number;
  /** Called after a delivery's events are recorded, to handle them right away. */
  onStored: () => void;
}

function answer(res: ServerResponse, status: number, body: Record<string, unknown>) {
  res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_WEBHOOK_BYTES) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * POST webhook: the signature (x-line-signature, HMAC-SHA256 of the raw body with the channel
 * secret) is checked on the bytes as received, before any parsing; the events are recorded
 * (deduplicated by webhookEventId) and LINE is answered at once; handling follows.
 * The answer is 200 only once the events are stored, so a database failure makes LINE
 * redeliver instead of losing them.
 */
export function webhookHandler(options: WebhookOptions) {
  const { db, log } = options;
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (req.method !== "POST") {
      res.writeHead(405, { Allow: "POST" }).end();
      return;
    }
    if (!options.channelSecret) {
      log.warn("webhook refused: LINE_CHANNEL_SECRET is not set (log-only mode)");
      answer(res, 503, { error: "LINE channel not configured" });
      return;
    }
    const raw = await readBody(req);
    if (!raw) {
      answer(res, 413, { error: "body too large" });
      req.resume();
      return;
    }
    const signature = req.headers["x-line-signature"];
    if (
      !validWebhookSignature(
        raw,
        options.channelSecret,
        typeof signature === "string" ? signature : undefined,
      )
    ) {
      log.warn({ bytes: raw.length }, "webhook refused: bad or missing x-line-signature");
      answer(res, 401, { error: "invalid signature" });
      return;
    }
    let parsed;
    try {
      parsed = webhookBody.safeParse(JSON.parse(raw.toString("utf8")));
    } catch {
      parsed = null;
    }
    if (!parsed?.success) {
      answer(res, 400, { error: "not a webhook body" });
      return;
    }
    try {
      // Recorded late after a 500, the events are deduplicated when LINE redelivers them.
      const result = await within(
        storeEvents(db, parsed.data.events),
        options.timeoutMs,
        "recording webhook events",
      );
      if (result.stored || result.duplicates || result.invalid) {
        log.info(result, "webhook events received");
      }
      answer(res, 200, {});
      if (result.stored) options.onStored();
    } catch (err) {
      log.error({ err }, "recording webhook events failed");
      answer(res, 500, { error: "not recorded" });
    }
  };
}
