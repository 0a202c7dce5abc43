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

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !n || !r || !p || !salt || !hash) return false;
  const N = Number(n);
  const R = Number(r);
  const expected = Buffer.from(hash, "base64url");
  const key = await scrypt(
    password.normalize("NFKC"),
    Buffer.from(salt, "base64url"),
    expected.length,
    {
      N,
      r: R,
      p: Number(p),
      maxmem: 256 * N * R,
    },
  );
  return key.length === expected.length && timingSafeEqual(key, expected);
}
