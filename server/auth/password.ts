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
