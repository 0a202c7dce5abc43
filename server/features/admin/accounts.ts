import { randomBytes } from "node:crypto";
import type { Db } from "#db";
import { newId } from "#db/id";
import { nowDb } from "#db/time";
import { hashPassword } from "../../auth/password";
import { emailSchema, passwordSchema } from "../auth/schema";

export interface AdminCreated {
  email: string;
  created: boolean;
  /** Only when the account was created without a given password: shown once. */
  generatedPassword: string | null;
}

/**
 * Creates an admin with a role, or gives the existing account with that email the admin
 * permission and the role (and access again, if it was suspended or removed). The role is a
 * role's id: a built-in key (owner, finance, support, content, analyst) or a custom role's id.
 */
export async function createOrPromoteAdmin(
  db: Db,
  input: {
    email: string;
    role: string;
    password?: string | undefined;
    name?: string | undefined;
  },
): Promise<AdminCreated> {
  const email = emailSchema.parse(input.email);
  const role = await db.kysely
    .selectFrom("admin_roles")
    .select("id")
    .where("id", "=", input.role)
    .executeTakeFirst();
  if (!role)
    throw new Error(
      `no role "${input.role}": use owner, finance, support, content, analyst or a custom role's id`,
    );
  const existing = await db.kysely
    .selectFrom("users")
    .select("id")
    .where("email", "=", email)
    .executeTakeFirst();
  if (existing) {
    await db.kysely
      .updateTable("users")
      .set({
        permission: "admin",
        admin_role_id: role.id,
        admin_suspended_at: null,
        admin_removed_at: null,
        updated_at: nowDb(),
      })
      .where("id", "=", existing.id)
      .execute();
    return { email, created: false, generatedPassword: null };
  }
  // A generated password always meets the rules: letters of both cases and digits.
  const generated = input.password ? null : `Adm${randomBytes(12).toString("base64url")}9x`;
  const password = passwordSchema.parse(input.password ?? generated);
  const now = nowDb();
  await db.kysely
    .insertInto("users")
    .values({
      id: newId(),
      email,
      email_verified_at: now,
      password_hash: await hashPassword(password),
      name: input.name ?? "Admin",
      nickname: "admin",
      permission: "admin",
      admin_role_id: role.id,
      language: "ja",
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { email, created: true, generatedPassword: generated };
}
