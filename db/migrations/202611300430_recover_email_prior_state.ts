import { types, type MigrationDb } from "./support";

/**
 * What an email-change undo restores beside the old address: when that address was proven, or
 * null for never. A recover_email link restores exactly this, so undoing a change never marks an
 * address verified that nobody proved. Links issued before this column read null: restored as
 * unproven, which asks for one more verification mail and never grants.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .alterTable("auth_tokens")
    .addColumn("restores_verified_at", types.timestamp)
    .execute();
}
