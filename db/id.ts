import { randomBytes } from "node:crypto";
import { ID_PATTERN } from "#domain/fields";

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
  let rand = "";
  for (const b of randomChunk()) rand += ALPHABET[b % 32];
  return time + rand;
}

// Random bytes drawn 4 KiB at a time: one call into the system's generator per 256 ids rather
// than per id, which was most of the CPU an import spent making ids. Each id still gets its own
// 16 bytes, never reused.
const POOL_SIZE = 4096;
// Made on first use: the browser bundle imports isId (through the input schemas) and has no Buffer.
let pool: Buffer | undefined;
let offset = POOL_SIZE;

function randomChunk(): Buffer {
  if (!pool || offset + 16 > pool.length) {
    pool = randomBytes(POOL_SIZE);
    offset = 0;
  }
  const chunk = pool.subarray(offset, offset + 16);
  offset += 16;
  return chunk;
}

export function isId(value: string): boolean {
  return ID_PATTERN.test(value);
}
