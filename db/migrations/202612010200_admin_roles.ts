import { sql } from "kysely";
import { byUser, createTable, index, type MigrationDb, timestamps, types } from "./support";

/**
 * Admin roles (decision 090): the built-in roles are rows whose id is their key (owner,
 * finance, support, content, analyst) and whose grants live in the code; a custom role keeps
 * its grants here as JSON. Every admin has a role; those there before roles existed become
 * owners, as they held every power. An admin's access state (active, suspended, removed) and
 * the invitations to join the team. All additions: the previous release reads none of them.
 */
export async function up(db: MigrationDb): Promise<void> {
  await timestamps(
    createTable(db, "admin_roles")
      .addColumn("id", types.id, (c) => c.primaryKey())
      .addColumn("name", "varchar(100)", (c) => c.notNull())
      .addColumn("builtin", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("grants", "varchar(2000)", (c) => c.notNull()),
  ).execute();
  await index(db, "admin_roles_name_idx", "admin_roles", ["name"], { unique: true });
  const now = sql`'2026-12-01 02:00:00.000'`;
  for (const id of ["owner", "finance", "support", "content", "analyst"]) {
    await db
      .insertInto("admin_roles")
      .values({ id, name: id, builtin: 1, grants: "{}", created_at: now, updated_at: now })
      .execute();
  }

  await db.schema.alterTable("users").addColumn("admin_role_id", types.id).execute();
  await db.schema.alterTable("users").addColumn("admin_suspended_at", types.timestamp).execute();
  await db.schema.alterTable("users").addColumn("admin_removed_at", types.timestamp).execute();
  await index(db, "users_admin_role_idx", "users", ["admin_role_id"]);
  await db
    .updateTable("users")
    .set({ admin_role_id: "owner" })
    .where("permission", "=", "admin")
    .execute();

  await createTable(db, "admin_invitations")
    .addColumn("id", types.id, (c) => c.primaryKey())
    .addColumn("email", "varchar(255)", (c) => c.notNull())
    .addColumn("name", "varchar(100)", (c) => c.notNull())
    .addColumn("role_id", types.id, (c) => c.notNull().references("admin_roles.id"))
    // Only the sha256 of the link's token, as for every single-use link.
    .addColumn("token_hash", "varchar(64)", (c) => c.notNull())
    .addColumn("invited_by", types.id, byUser)
    .addColumn("created_at", types.timestamp, (c) => c.notNull())
    .addColumn("expires_at", types.timestamp, (c) => c.notNull())
    .addColumn("accepted_at", types.timestamp)
    .addColumn("accepted_user_id", types.id, byUser)
    .addColumn("revoked_at", types.timestamp)
    .execute();
  await index(db, "admin_invitations_token_idx", "admin_invitations", ["token_hash"], {
    unique: true,
  });
  await index(db, "admin_invitations_created_idx", "admin_invitations", ["created_at"]);
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable("admin_invitations").execute();
  await db.schema.dropIndex("users_admin_role_idx").on("users").execute();
  for (const column of ["admin_removed_at", "admin_suspended_at", "admin_role_id"]) {
    await db.schema.alterTable("users").dropColumn(column).execute();
  }
  await db.schema.dropTable("admin_roles").execute();
}
