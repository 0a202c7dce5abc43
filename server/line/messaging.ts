import { HTTPFetchError, messagingApi, validateSignature } from "@line/bot-sdk";

/**
 * The LINE Messaging API as the bot uses it: push (with X-Line-Retry-Key), reply and profile,
 * through @line/bot-sdk's MessagingApiClient pointed at the configured base URL. Every call has
 * a time limit: the SDK's fetch has none, and a hung request must not hold a worker forever.
 */

export interface TextMessage {
  type: "text";
  text: string;
}

/**
 * What a push came to:
 * - sent: LINE accepted it now;
 * - duplicate: 409, LINE had already accepted a request with this retry key (an earlier
 *   attempt that timed out or whose answer was lost in a crash): it counts as sent;
 * - retry: rate limited (429), a server error (5xx), a timeout or no connection: try again
 *   later with the same retry key;
 * - fail: LINE refused the request itself (400, 403, ...): trying again cannot help.
 */
export type PushOutcome =
  | { kind: "sent"; requestId: string | null }
  | { kind: "duplicate"; requestId: string | null }
  | { kind: "retry"; reason: string; retryAfterMs: number | null }
  | { kind: "fail"; reason: string };

export interface LineMessaging {
  push(to: string, messages: TextMessage[], retryKey: string): Promise<PushOutcome>;
  /** Replies to a webhook event; reply tokens are single-use, so this is never retried. */
  reply(replyToken: string, messages: TextMessage[]): Promise<void>;
  /** The LINE profile's display name, or null when LINE does not give it. */
  displayName(lineUserId: string): Promise<string | null>;
}

export interface MessagingSettings {
  channelAccessToken: string;
  apiBaseUrl: string;
  timeoutMs: number;
}

class Timeout extends Error {}

export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Timeout(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, limit]).finally(() => clearTimeout(timer));
}

function retryAfterMs(headers: Headers): number | null {
  const value = headers.get("retry-after");
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - Date.now());
}

function describeBody(body: string): string {
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    if (typeof parsed.message === "string") return parsed.message.slice(0, 200);
  } catch {
    // not JSON
  }
  return body.slice(0, 200);
}

/** Sorts any failure of a push into the outcomes above. */
export function classifyPushError(error: unknown): PushOutcome {
  if (error instanceof HTTPFetchError) {
    const status = error.status;
    if (status === 409) {
      return { kind: "duplicate", requestId: error.headers.get("x-line-accepted-request-id") };
    }
    const reason = `HTTP ${status}: ${describeBody(error.body)}`;
    if (status === 429 || status >= 500) {
      return { kind: "retry", reason, retryAfterMs: retryAfterMs(error.headers) };
    }
    return { kind: "fail", reason };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { kind: "retry", reason: `no answer: ${message}`.slice(0, 300), retryAfterMs: null };
}

export function lineMessaging(settings: MessagingSettings): LineMessaging {
  const client = new messagingApi.MessagingApiClient({
    channelAccessToken: settings.channelAccessToken,
    baseURL: settings.apiBaseUrl,
  });
  return {
    async push(to, messages, retryKey) {
      try {
        const response = await withTimeout(
          client.pushMessageWithHttpInfo({ to, messages }, retryKey),
          settings.timeoutMs,
        );
        return { kind: "sent", requestId: response.httpResponse.headers.get("x-line-request-id") };
      } catch (error) {
        return classifyPushError(error);
      }
    },
    async reply(replyToken, messages) {
      await withTimeout(client.replyMessage({ replyToken, messages }), settings.timeoutMs);
    },
    async displayName(lineUserId) {
      try {
        const profile = await withTimeout(client.getProfile(lineUserId), settings.timeoutMs);
        return profile.displayName ? profile.displayName.slice(0, 200) : null;
      } catch {
        return null;
      }
    },
  };
}

/**
 * x-line-signature: base64 of HMAC-SHA256 over the raw request body with the channel secret.
 * Compared in constant time; anything missing or malformed is simply not valid.
 */
export function validWebhookSignature(
  rawBody: Buffer,
  channelSecret: string,
  signature: string | undefined,
): boolean {
  if (!signature || !/^[A-Za-z0-9+/]+=*$/.test(signature)) return false;
  return validateSignature(rawBody, channelSecret, signature);
}
