import type { Kysely } from "kysely";
import type { Database } from "#db/schema";
import { AppError } from "../errors";

/**
 * Money leaves an account (a withdrawal, a transfer) or its payout details change only once
 * the member has proved the account's address is theirs: a stolen or mistyped sign-up cannot
 * send money anywhere. Read from the row, not the session, so a verification made in another
 * tab counts at once.
 */
export async function requireVerifiedEmail(db: Kysely<Database>, userId: string): Promise<void> {
  const user = await db
    .selectFrom("users")
    .select("email_verified_at")
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!user?.email_verified_at) throw new AppError("FORBIDDEN", "emailUnverified");
}
