import { randomBytes } from "node:crypto";
import { ID_PATTERN } from "#domain/fields";

// Crockford base32, lower case: readable, URL-safe, and unaffected by case-insensitive collations.
const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";

/**
 * A 26-character identifier: 10 characters of millisecond time (so inserts stay ordered in
 * B-tree indexes) and 16 of cryptographic randomness (so ids cannot be guessed or counted).
 * Ids this process makes in one millisecond still sort in the order they were made: each is the
 * one before plus a random step, so rows ordered by (time, id), the audit trail's, keep their
 * sequence.
 */
export function newId(now = Date.now()): string {
  const time = encode(now, 10);
  if (time === lastTime) {
    const next = stepFrom(lastId.slice(10));
    if (next) return (lastId = time + next);
    return newId(now + 1); // the millisecond's 80 bits are spent: take the next one
  }
  let rand = "";
  for (const b of randomChunk()) rand += ALPHABET[b % 32];
  lastTime = time;
  return (lastId = time + rand);
}

let lastTime = "";
let lastId = "";

const HALF = 32 ** 8; // 40 bits: each half of the random part fits a double exactly

function encode(value: number, length: number): string {
  let out = "";
  let t = value;
  for (let i = 0; i < length; i++) {
    out = ALPHABET[t % 32] + out;
    t = Math.floor(t / 32);
  }
  return out;
}

function decode(text: string): number {
  let value = 0;
  for (const c of text) value = value * 32 + ALPHABET.indexOf(c);
  return value;
}

/**
 * The random part that follows `previous`: larger by a random step of up to 2^32, so one id
 * does not give away the next. Null when 80 bits run out.
 */
function stepFrom(previous: string): string | null {
  const chunk = randomChunk();
  const step = chunk.readUInt32BE(0) + 1;
  let low = decode(previous.slice(8)) + step;
  let high = decode(previous.slice(0, 8));
  if (low >= HALF) {
    low -= HALF;
    high += 1;
  }
  if (high >= HALF) return null;
  return encode(high, 8) + encode(low, 8);
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
