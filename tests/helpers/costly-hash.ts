import { randomBytes, scrypt } from "node:crypto";
import type { Db } from "#db";
import { createUser, TEST_PASSWORD } from "./fixtures";

/** Production's scrypt cost (N=2^17), against the tests' own cheap one. */
export const PRODUCTION_N = 2 ** 17;

/**
 * A stored hash with the cost `N` instead of the tests' cheap one (the format records N, so each
 * check of it pays that cost): what makes a wrong guess hold its place for a real while.
 */
export async function costlyHash(password: string, N: number): Promise<string> {
  const salt = randomBytes(16);
  const key = await new Promise<Buffer>((resolve, reject) =>
    scrypt(password, salt, 32, { N, r: 8, p: 1, maxmem: 256 * N * 8 }, (err, k) =>
      err ? reject(err) : resolve(k),
    ),
  );
  return ["scrypt", N, 8, 1, salt.toString("base64url"), key.toString("base64url")].join("$");
}

/** Gives an existing user the stored hash `hash`. */
export async function setPasswordHash(db: Db, userId: string, hash: string) {
  await db.kysely
    .updateTable("users")
    .set({ password_hash: hash })
    .where("id", "=", userId)
    .execute();
}

/**
 * Makes new members (password TEST_PASSWORD) whose stored hash has production's cost. The hash
 * is made once, on the first call, and shared: one costs a few hundred milliseconds.
 */
export function productionCostMembers(db: () => Db) {
  let shared: Promise<string> | undefined;
  return async () => {
    const user = await createUser(db());
    shared ??= costlyHash(TEST_PASSWORD, PRODUCTION_N);
    await setPasswordHash(db(), user.id, await shared);
    return user;
  };
}
