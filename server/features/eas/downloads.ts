import type { Db } from "#db";
import { AppError, found, notFound } from "../../errors";
import { isStorageKey, type Storage } from "../../storage";
import { currentFile, eaRow } from "./service";

/**
 * An EA's file leaves storage only here: to a member with an active licence for it, or to an
 * admin. It has no public address.
 */

export interface EaDownload {
  fileName: string;
  sha256: string;
  bytes: Uint8Array;
}

async function readFile(deps: { db: Db; storage: Storage }, eaId: string, fileId?: string) {
  const file = fileId
    ? await deps.db.kysely
        .selectFrom("ea_files")
        .select(["id", "version", "storage_key", "file_name", "size", "sha256", "created_at"])
        .where("id", "=", fileId)
        .where("ea_id", "=", eaId)
        .executeTakeFirst()
    : await currentFile(deps.db.kysely, eaId);
  if (!file || !isStorageKey(file.storage_key, "eas")) throw notFound();
  const bytes = await deps.storage.get(file.storage_key);
  if (!bytes) throw notFound();
  return { fileName: file.file_name, sha256: file.sha256, bytes };
}

/**
 * The current file of an EA, for a member holding an active licence for it on one of their own
 * accounts that is still approved. Anyone else is refused, whatever id they try.
 */
export async function downloadForMember(
  deps: { db: Db; storage: Storage },
  userId: string,
  eaId: string,
): Promise<EaDownload> {
  // Only an active EA downloads: an inactive or unknown one is not found.
  found(
    await deps.db.kysely
      .selectFrom("eas")
      .select(["id"])
      .where("id", "=", eaId)
      .where("active", "=", 1)
      .executeTakeFirst(),
  );
  const licence = await deps.db.kysely
    .selectFrom("ea_licenses")
    .innerJoin("broker_accounts", "broker_accounts.id", "ea_licenses.broker_account_id")
    .select("ea_licenses.id")
    .where("ea_licenses.ea_id", "=", eaId)
    .where("ea_licenses.user_id", "=", userId)
    .where("ea_licenses.status", "=", "active")
    .where("broker_accounts.user_id", "=", userId)
    .where("broker_accounts.status", "=", "approved")
    .executeTakeFirst();
  if (!licence) throw new AppError("FORBIDDEN", "eaLicenseRequired");
  return readFile(deps, eaId);
}

/** Any version of any EA, for an admin checking what members receive. */
export async function downloadForAdmin(
  deps: { db: Db; storage: Storage },
  eaId: string,
  fileId?: string,
): Promise<EaDownload> {
  await eaRow(deps.db.kysely, eaId);
  return readFile(deps, eaId, fileId);
}
