import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { isIPv6 } from "node:net";

/**
 * Device cookies (OWASP, "Slow down online guessing attacks with device cookies"): a browser
 * that completed a sign-in to an account keeps a cookie signed for that account. Sign-ins that
 * present it are limited per device only, never by their address or the shared hashing pool,
 * so no flood from elsewhere keeps a member out on a browser they used before.
 *
 * The value is `nonce.mac`, mac = HMAC-SHA256(key, account, nonce): it names no account (no
 * email sits in the browser), is valid only for the account it was signed for, and cannot be
 * made without the key. The nonce identifies the device for its own failure count.
 */
export const DEVICE_COOKIE = "device";
/** A device stays known for a year after its last sign-in (each sign-in renews it). */
export const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

// Without a configured key, one per process: cookies then stop being known at a restart, which
// only sends their browsers back to the untrusted path.
let processKey: Buffer | undefined;

export function deviceKey(secret: string | undefined): Buffer {
  if (secret) return Buffer.from(secret, "utf8");
  processKey ??= randomBytes(32);
  return processKey;
}

function account(email: string): string {
  return email.trim().toLowerCase();
}

function mac(key: Buffer, email: string, nonce: string): Buffer {
  return createHmac("sha256", key)
    .update(`device\u0000${account(email)}\u0000${nonce}`)
    .digest();
}

/** A new device cookie value for the account signed in to. */
export function signDevice(key: Buffer, email: string): string {
  const nonce = randomBytes(16).toString("base64url");
  return `${nonce}.${mac(key, email, nonce).toString("base64url")}`;
}

/** The device's id when the cookie is valid for this account, else null. */
export function knownDevice(key: Buffer, value: string | null, email: string): string | null {
  if (!value) return null;
  const [nonce, given, extra] = value.split(".");
  if (!nonce || !given || extra !== undefined || !/^[A-Za-z0-9_-]{22}$/.test(nonce)) return null;
  const expected = mac(key, email, nonce);
  const actual = Buffer.from(given, "base64url");
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  return nonce;
}

export function deviceCookie(value: string, secure: boolean): string {
  const attrs = [
    `${DEVICE_COOKIE}=${value}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    `Max-Age=${DEVICE_COOKIE_MAX_AGE_S}`,
  ];
  if (secure) attrs.push("Secure");
  return attrs.join("; ");
}

/**
 * The group an address is limited as: IPv4 as it is, IPv6 by its /64 (one subscriber's
 * prefix: a host gets a whole /64, so counting single IPv6 addresses counts nothing).
 */
export function addressGroup(ip: string | null): string | null {
  if (!ip) return ip;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = "", tail = ""] = ip.toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = ip.includes("::")
    ? [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}
