import { expect } from "vitest";
import type { Db } from "#db";

/**
 * What the integration tests check about a refused call: its message key (and the key's
 * parameters), or which message each input field got.
 */

export async function expectKey(
  promise: Promise<unknown>,
  key: string,
  params?: Record<string, unknown>,
) {
  await expect(promise).rejects.toMatchObject(params ? { key, params } : { key });
}

/** Field (a dotted path for nested fields) → message key of a rejected input, first per field. */
export async function fieldErrors(promise: Promise<unknown>): Promise<Record<string, string>> {
  try {
    await promise;
  } catch (error) {
    const issues =
      (error as { cause?: { issues?: { path: PropertyKey[]; message: string }[] } }).cause
        ?.issues ?? [];
    const out: Record<string, string> = {};
    for (const i of issues) out[i.path.map(String).join(".")] ??= i.message;
    return out;
  }
  throw new Error("expected the input to be rejected");
}

/** How many sessions a user has open (sign-ins, resets and changes end or add them). */
export async function sessionCount(db: Db, userId: string) {
  const row = await db.kysely
    .selectFrom("sessions")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
