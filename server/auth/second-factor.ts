import type { ExpressionBuilder } from "kysely";
import type { Db } from "#db";
import type { Database } from "#db/schema";
import { AppError } from "../errors";

/** A column of a query on `users`: whether the user has at least one passkey (0 or 1). */
export function hasPasskeyColumn(eb: ExpressionBuilder<Database, "users">) {
  return eb
    .exists(
      eb.selectFrom("passkeys").select("passkeys.id").whereRef("passkeys.user_id", "=", "users.id"),
    )
    .as("has_passkey");
}

/** Whether the user has a second factor: TOTP turned on, or at least one passkey. */
export async function hasSecondFactor(db: Db, userId: string): Promise<boolean> {
  const row = await db.kysely
    .selectFrom("users")
    .select((eb) => ["users.totp_enabled_at", hasPasskeyColumn(eb)])
    .where("users.id", "=", userId)
    .executeTakeFirst();
  if (!row) return false;
  return row.totp_enabled_at !== null || Boolean(Number(row.has_passkey));
}

/** Whether the user has at least one passkey (a password sign-in then asks for it). */
export async function hasPasskey(db: Db, userId: string): Promise<boolean> {
  const row = await db.kysely
    .selectFrom("passkeys")
    .select("id")
    .where("user_id", "=", userId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Every admin needs a second factor. An admin without one holds a restricted session: only
 * enrolment is open to it. Asked on every admin request, so a session of an admin who has
 * just enrolled is unrestricted at once, and one whose factors were removed is restricted.
 */
export async function adminMustEnrol(
  db: Db,
  user: { id: string; permission: string },
): Promise<boolean> {
  if (user.permission !== "admin") return false;
  return !(await hasSecondFactor(db, user.id));
}

/** An admin may turn TOTP off only while a passkey remains: never the last second factor. */
export async function assertTotpRemovable(
  db: Db,
  user: { id: string; permission: string },
): Promise<void> {
  if (user.permission !== "admin") return;
  if (!(await hasPasskey(db, user.id))) throw new AppError("BAD_REQUEST", "lastSecondFactor");
}
