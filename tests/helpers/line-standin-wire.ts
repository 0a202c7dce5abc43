import { createHmac, randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";

/**
 * The LINE stand-in's wire: its options, what tests script and read back, and the small HTTP
 * and encoding helpers its handlers share (the stand-in itself is in line-standin.ts).
 */

export interface StandinOptions {
  /** The bearer token pushes must carry. */
  channelAccessToken: string;
  loginChannelId: string;
  loginChannelSecret: string;
}

export const STANDIN_DEFAULTS: StandinOptions = {
  channelAccessToken: "standin-channel-access-token-0123456789",
  loginChannelId: "1234567890",
  loginChannelSecret: "0123456789abcdef0123456789abcdef",
};

export type PushScript =
  | { kind: "status"; status: 429 | 500 | 503 | 409 | 400; retryAfter?: number }
  /** Accept the push, then answer 500 as if the answer were lost on the way. */
  | { kind: "acceptThenFail" }
  /** Accept the push, then hold the answer for `ms`. */
  | { kind: "hold"; ms: number };

export interface PushRecord {
  at: number;
  to: string;
  text: string;
  retryKey: string | null;
  status: number;
}

export interface AuthCode {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  nonce: string;
  userId: string;
  name: string;
  friend: boolean;
  expires: number;
  used: boolean;
}

export const json = (
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) => {
  res.writeHead(status, { "Content-Type": "application/json", ...headers });
  res.end(JSON.stringify(body));
};

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export const b64url = (v: Buffer | string) => Buffer.from(v).toString("base64url");
export const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function newLineUserId(): string {
  return "U" + randomBytes(16).toString("hex");
}

/** The webhook signature LINE would put on `body` for a channel secret. */
export function signWebhook(body: string | Buffer, channelSecret: string): string {
  return createHmac("sha256", channelSecret).update(body).digest("base64");
}
