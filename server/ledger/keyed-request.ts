import type { Kysely } from "kysely";
import type { Db } from "#db";
import { isUniqueViolation } from "#db/dialect";
import type { Database } from "#db/schema";
import { inTransaction } from "./index";

/** A request that writes one row under its request key, and how to answer from that row. */
export interface KeyedRequest<Row extends { id: string }, T> {
  /** Writes the row (under `id`) and moves its money, in one transaction. */
  write: (trx: Kysely<Database>) => Promise<T>;
  /** The row already written under the request's key, if any. */
  existing: () => Promise<Row | undefined>;
  /** The answer for a row the key found; `replayed` when another run wrote it. */
  answer: (row: Row, replayed: boolean) => T;
}

/**
 * Runs a request that writes one row under its request key (a withdrawal, a transfer, a
 * present, a gacha draw) so that a form sent twice makes it once. When the COMMIT got no
 * answer, or the same key was written meanwhile (the form submitted twice at once), the row
 * the key finds is the answer.
 */
export async function keyedRequest<Row extends { id: string }, T>(
  db: Db,
  id: string,
  request: KeyedRequest<Row, T>,
): Promise<T> {
  try {
    return await inTransaction(db, request.write, {
      // The COMMIT got no answer (the database node died): the request key tells.
      settled: async () => {
        const row = await request.existing();
        return row && request.answer(row, row.id !== id);
      },
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      // The same form was submitted twice at once: the first one made the request.
      const first = await request.existing();
      if (first) return request.answer(first, true);
    }
    throw error;
  }
}
