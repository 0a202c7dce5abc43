import type { Transaction } from "kysely";
import type { Db } from "#db";
import { newId } from "#db/id";
import { nowDb } from "#db/time";
import type { Database } from "#db/schema";
import { type AuditEntry, changedFields, recordAudit } from "../../audit";
import type { Logger } from "../../logger";
import type { Storage, StorageArea } from "../../storage";
import { saveWithImage } from "../../storage/uploads";

/**
 * The one way an admin saves an entity that carries one image (a campaign, a popup, a gacha and
 * its rewards): the upload is checked and stored first, then the row and its audit record are
 * written in one transaction, so an admin's change and its record commit or fail together. A
 * failed save removes the new file; a successful one removes the file it replaced.
 */

export interface EntityImageDeps {
  db: Db;
  storage: Storage;
  log: Logger;
}

/** The image part of an entity's form: a new upload, or removing the one it has. */
export interface ImageUpload {
  image?: Uint8Array | undefined;
  removeImage?: boolean | undefined;
}

type Trx = Transaction<Database>;
/** Who did what to which record; the helper adds the data. */
type AuditTarget = Omit<AuditEntry, "data"> & { data?: Record<string, unknown> };

/** The entities an admin writes with one image, as their audit records name them. */
export type ImageEntityKind = "campaign" | "gacha" | "popup";

/** The audit target of "<kind>.<verb>" by the admin on the entity `id`. */
export function entityChange(
  adminId: string,
  kind: ImageEntityKind,
  id: string,
  verb: "create" | "update",
): AuditTarget {
  return { actorId: adminId, action: `${kind}.${verb}`, targetType: kind, targetId: id };
}

/** The columns a new entity row gets from its creation: its id, image and stamps. */
export interface NewEntity {
  id: string;
  image_key: string | null;
  created_by: string;
  created_at: string;
  updated_at: string;
}

/**
 * Creates an entity under a new id with its image, audited as "<kind>.create": `insert` writes
 * the row from `created` and its own columns, and returns the values to audit.
 */
export async function createEntity(
  deps: EntityImageDeps,
  area: StorageArea,
  kind: ImageEntityKind,
  adminId: string,
  upload: ImageUpload,
  insert: (trx: Trx, created: NewEntity) => Promise<Record<string, unknown>>,
): Promise<{ id: string }> {
  const id = newId();
  const now = nowDb();
  const audit = entityChange(adminId, kind, id, "create");
  await createWithImage(deps, area, upload, audit, (trx, key) =>
    insert(trx, { id, image_key: key, created_by: adminId, created_at: now, updated_at: now }),
  );
  return { id };
}

/**
 * Creates a row with its image: `insert` writes the row (given the stored image's key, or null)
 * and returns the values to audit as `after`.
 */
export async function createWithImage(
  deps: EntityImageDeps,
  area: StorageArea,
  upload: ImageUpload,
  audit: AuditTarget,
  insert: (trx: Trx, imageKey: string | null) => Promise<Record<string, unknown>>,
): Promise<void> {
  return saveWithImage(deps, area, upload.image, `a ${area} image`, async (key) => {
    await deps.db.kysely.transaction().execute(async (trx) => {
      const after = await insert(trx, key);
      await recordAudit(trx, { ...audit, data: { ...audit.data, after } });
    });
    return { result: undefined };
  });
}

/** What an update wrote: the row before and after (for the audit), and what to return. */
export interface ImageUpdate<T> {
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  result: T;
}

/**
 * Updates a row with its image. `update` locks and reads the row, checks what the change may
 * not break, and writes it; `keepImage(current)` gives the image key the row keeps (the new
 * upload, none when removed, else `current`). The audit record holds only the fields that
 * changed, and none is written when nothing did. `audit` may depend on the result (a reward's
 * record is filed under the gacha it belongs to).
 */
export async function updateWithImage<T>(
  deps: EntityImageDeps,
  area: StorageArea,
  upload: ImageUpload,
  audit: AuditTarget | ((result: T) => AuditTarget),
  update: (
    trx: Trx,
    keepImage: (current: string | null) => string | null,
  ) => Promise<ImageUpdate<T>>,
): Promise<T> {
  const target = (result: T) => (typeof audit === "function" ? audit(result) : audit);
  return saveWithImage(deps, area, upload.image, `a ${area} image`, async (key) => {
    let replaced: string | null = null;
    const keepImage = (current: string | null) => {
      const kept = key ?? (upload.removeImage ? null : current);
      replaced = kept !== current ? current : null;
      return kept;
    };
    const result = await deps.db.kysely.transaction().execute(async (trx) => {
      const written = await update(trx, keepImage);
      const changes = changedFields(written.before, written.after);
      if (changes) {
        const entry = target(written.result);
        await recordAudit(trx, { ...entry, data: { ...entry.data, ...changes } });
      }
      return written.result;
    });
    return { result, replaced };
  });
}
