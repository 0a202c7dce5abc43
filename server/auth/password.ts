import { availableParallelism } from "node:os";
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from "node:crypto";

function scrypt(password: string, salt: Buffer, keylen: number, options: ScryptOptions) {
  return new Promise<Buffer>((resolve, reject) =>
    scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/** OWASP's scrypt parameters: N=2^17, r=8, p=1 (about 128 MiB and a few hundred ms). */
const PRODUCTION = { N: 2 ** 17, r: 8, p: 1 };
/** Tests hash thousands of passwords; the format records N, so either verifies the other. */
const FAST = { N: 2 ** 10, r: 8, p: 1 };
const KEYLEN = 32;

function params() {
  return process.env.NODE_ENV === "test" ? FAST : PRODUCTION;
}

/** "scrypt$N$r$p$salt$hash", base64url parts. */
export async function hashPassword(password: string): Promise<string> {
  const { N, r, p } = params();
  const salt = randomBytes(16);
  const key = await scrypt(password.normalize("NFKC"), salt, KEYLEN, {
    N,
    r,
    p,
    maxmem: 256 * N * r,
  });
  return ["scrypt", N, r, p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

/** The largest N a stored hash may ask for: beyond it, a tampered hash could exhaust memory. */
const MAX_N = 2 ** 20;

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split("$");
  if (parts.length !== 6) return false;
  const [scheme, n, r, p, salt, hash] = parts as [string, string, string, string, string, string];
  if (scheme !== "scrypt" || !salt || !hash) return false;
  if (![n, r, p].every((v) => /^\d{1,8}$/.test(v))) return false;
  const N = Number(n);
  const R = Number(r);
  const P = Number(p);
  // N a power of two; r and p small. Anything else was not written by hashPassword.
  if (N < 2 || N > MAX_N || (N & (N - 1)) !== 0 || R < 1 || R > 32 || P < 1 || P > 16) {
    return false;
  }
  const expected = Buffer.from(hash, "base64url");
  // A shortened key would make a wrong password match by chance (1 in 256 for one byte).
  if (expected.length !== KEYLEN) return false;
  const key = await scrypt(password.normalize("NFKC"), Buffer.from(salt, "base64url"), KEYLEN, {
    N,
    r: R,
    p: P,
    maxmem: 256 * N * R,
  });
  return timingSafeEqual(key, expected);
}

/**
 * Password hashing is the one costly step a visitor can start at will (about 128 MiB and a few
 * hundred ms of a core each). A bounded number run at once, a short queue waits, and anything
 * beyond is refused straight away, so a burst cannot starve real sign-ins or exhaust memory. One
 * address may hold only a few places, so one client's burst leaves room for everyone else.
 */
export class HashSlots {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly perAddress = new Map<string, number>();

  constructor(private readonly limits: { concurrent: number; queue: number; perAddress: number }) {}

  /** Runs `fn` in a slot, or returns "busy" without running it. */
  async run<T>(address: string | null, fn: () => Promise<T>): Promise<T | "busy"> {
    const key = address ?? "";
    const held = this.perAddress.get(key) ?? 0;
    if (held >= this.limits.perAddress) return "busy";
    if (this.running >= this.limits.concurrent && this.waiting.length >= this.limits.queue) {
      return "busy";
    }
    this.perAddress.set(key, held + 1);
    try {
      if (this.running >= this.limits.concurrent) {
        await new Promise<void>((resolve) => this.waiting.push(resolve));
      } else {
        this.running++;
      }
      try {
        return await fn();
      } finally {
        // The slot passes straight to the next in line, or is freed.
        const next = this.waiting.shift();
        if (next) next();
        else this.running--;
      }
    } finally {
      const left = (this.perAddress.get(key) ?? 1) - 1;
      if (left > 0) this.perAddress.set(key, left);
      else this.perAddress.delete(key);
    }
  }
}

/** The process's slots: one hash per core (two at least), sixteen waiting, four per address. */
export const hashSlots = new HashSlots({
  concurrent: Math.max(2, availableParallelism()),
  queue: 16,
  perAddress: 4,
});
