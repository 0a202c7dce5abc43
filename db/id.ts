import { randomBytes } from "node:crypto";

// Crockford base32, lower case: readable, URL-safe, and unaffected by case-insensitive collations.
const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";

/**
 * A 26-character identifier: 10 characters of millisecond time (so inserts stay ordered in
 * B-tree indexes) and 16 of cryptographic randomness (so ids cannot be guessed or counted).
 */
export function newId(now = Date.now()): string {
  let time = "";
  let t = now;
  for (let i = 0; i < 10; i++) {
    time = ALPHABET[t % 32] + time;
    t = Math.floor(t / 32);
  }
  const bytes = randomBytes(16);
  let rand = "";
  for (const b of bytes) rand += ALPHABET[b % 32];
  return time + rand;
}

export function isId(value: string): boolean {
  return /^[0-9a-hjkmnp-tv-z]{26}$/.test(value);
}
