import { type ExpressionBuilder, type Kysely, sql } from "kysely";
import type { z } from "zod";
import type { Db } from "#db";
import { isUniqueViolation } from "#db/dialect";
import { newId } from "#db/id";
import type { Database, EaAccountType, EaCategory, EaLicenseStatus, Language } from "#db/schema";
import { nowDb } from "#db/time";
import { changedFields, recordAudit } from "../../audit";
import { found } from "../../errors";
import { columnsOf, fieldsOf } from "../../lib/columns";
import { fieldError } from "../../lib/field-error";
import { inJapanese, localized } from "../../lib/localized";
import { contains, listPage } from "../../lib/paging";
import type { Logger } from "../../logger";
import { newFileKey, type Storage } from "../../storage";
import { approvedAccountsWithType } from "./dedicated-accounts";
import { licenceQuery, memberReason } from "./licenses";
import { acceptEaFile, safeFileName } from "./files";
import type { adminListInput, EaValues, FileUpload, memberListInput } from "./schema";
import { discardFiles } from "../../storage/uploads";

/**
 * EAs (trading robots): admins create and edit them and upload versions of their file; members
 * browse the active ones. A file lives in storage under eas/ with no public address: it leaves
 * only through ./downloads.ts (to a member with an active licence, or to an admin).
 */

export interface EaDeps {
  db: Db;
  storage: Storage;
  log: Logger;
}

const EA_COLUMNS = [
  "eas.id",
  "eas.name",
  "eas.developer",
  "eas.description",
  "eas.name_en",
  "eas.description_en",
  "eas.category",
  "eas.account_type",
  "eas.active",
  "eas.created_at",
  "eas.updated_at",
] as const;

interface EaRow {
  id: string;
  name: string;
  developer: string;
  description: string;
  name_en: string | null;
  description_en: string | null;
  category: EaCategory;
  account_type: EaAccountType;
  active: number;
  created_at: string;
  updated_at: string;
}

/** An EA as the admin edits it: the Japanese texts and their English ("" when not written). */
export function toEa(r: EaRow) {
  return {
    ...eaFacts(r),
    name: r.name,
    description: r.description,
    nameEn: r.name_en ?? "",
    descriptionEn: r.description_en ?? "",
  };
}

/** An EA as a member reads it: its texts in the member's language. */
function toMemberEa(r: EaRow, locale: Language) {
  return {
    ...eaFacts(r),
    name: localized(r, "name", locale),
    description: localized(r, "description", locale),
    /** Texts an English reader is shown in Japanese (no English written): marked on the page. */
    japanese: {
      name: inJapanese(r, "name", locale),
      description: inJapanese(r, "description", locale),
    },
  };
}

function eaFacts(r: EaRow) {
  return {
    ...fieldsOf(r, ["id", "developer", "category", "account_type", "created_at", "updated_at"]),
    active: Number(r.active) === 1,
  };
}

/** How many of the EA's licences are in `status`, as a column of an EA query. */
function licenceCount(eb: ExpressionBuilder<Database, "eas">, status: EaLicenseStatus) {
  return eb
    .selectFrom("ea_licenses")
    .select(sql<number>`count(*)`.as("n"))
    .whereRef("ea_licenses.ea_id", "=", "eas.id")
    .where("ea_licenses.status", "=", status);
}

/** The latest uploaded version's label, as a column of an EA query. */
function latestVersion(eb: ExpressionBuilder<Database, "eas">) {
  return eb
    .selectFrom("ea_files")
    .select("ea_files.version")
    .whereRef("ea_files.ea_id", "=", "eas.id")
    .orderBy("ea_files.created_at", "desc")
    .orderBy("ea_files.id", "desc")
    .limit(1);
}

export async function currentFile(db: Kysely<Database>, eaId: string) {
  return db
    .selectFrom("ea_files")
    .select(["id", "version", "storage_key", "file_name", "size", "sha256", "created_at"])
    .where("ea_id", "=", eaId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
}

function toFile(f: {
  id: string;
  version: string;
  file_name: string;
  size: number;
  sha256: string;
  created_at: string;
}) {
  return {
    id: f.id,
    version: f.version,
    fileName: f.file_name,
    size: Number(f.size),
    sha256: f.sha256,
    uploadedAt: f.created_at,
  };
}

// ------------------------------------------------------------------------------------- admin

const ADMIN_SORT = {
  updatedAt: "eas.updated_at",
  createdAt: "eas.created_at",
  name: "eas.name",
} as const;

export async function adminListEas(db: Db, input: z.output<typeof adminListInput>) {
  const query = db.kysely
    .selectFrom("eas")
    .select(EA_COLUMNS)
    .select((eb) => [
      latestVersion(eb).as("version"),
      licenceCount(eb, "active").as("active_licenses"),
      licenceCount(eb, "pending").as("pending_licenses"),
    ])
    .$if(!!input.q, (q) =>
      q.where((eb) => eb.or([contains("eas.name", input.q!), contains("eas.developer", input.q!)])),
    )
    .$if(!!input.category, (q) => q.where("eas.category", "=", input.category!));
  return listPage(query, input, ADMIN_SORT[input.sort], "eas.id", (r) => ({
    ...toEa(r),
    version: r.version ?? null,
    activeLicenses: Number(r.active_licenses ?? 0),
    pendingLicenses: Number(r.pending_licenses ?? 0),
  }));
}

export async function eaRow(db: Kysely<Database>, id: string) {
  const row = found(
    await db.selectFrom("eas").select(EA_COLUMNS).where("eas.id", "=", id).executeTakeFirst(),
  );
  return row;
}

/** An EA with every version ever uploaded (newest first). */
export async function adminGetEa(db: Db, id: string) {
  const ea = toEa(await eaRow(db.kysely, id));
  const files = await db.kysely
    .selectFrom("ea_files")
    .select(["id", "version", "file_name", "size", "sha256", "created_at"])
    .where("ea_id", "=", id)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  const live = await db.kysely
    .selectFrom("ea_licenses")
    .select(sql<number>`count(*)`.as("n"))
    .where("ea_id", "=", id)
    .where("status", "in", ["pending", "active"])
    .executeTakeFirst();
  return { ...ea, versions: files.map(toFile), liveLicenses: Number(live?.n ?? 0) };
}

/** Checks and stores the file first; the caller records it (and removes it if that fails). */
async function storeFile(deps: EaDeps, file: FileUpload, eaName: string) {
  const { sha256, size } = acceptEaFile(file.fileName, file.bytes);
  const key = newFileKey("eas");
  await deps.storage.put(key, file.bytes);
  return {
    key,
    sha256,
    size,
    fileName: safeFileName(file.fileName, `${eaName}-${file.version}`),
  };
}

async function insertVersion(
  trx: Kysely<Database>,
  eaId: string,
  version: string,
  stored: Awaited<ReturnType<typeof storeFile>>,
  adminId: string,
  now: string,
) {
  const id = newId();
  try {
    await trx
      .insertInto("ea_files")
      .values({
        id,
        ea_id: eaId,
        version,
        storage_key: stored.key,
        file_name: stored.fileName,
        size: stored.size,
        sha256: stored.sha256,
        uploaded_by: adminId,
        created_at: now,
      })
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError("version", "eaVersionTaken");
    throw error;
  }
  return id;
}

/** A new EA with its first version, in one transaction (the file is removed if it fails). */
export async function createEa(
  deps: EaDeps,
  adminId: string,
  values: EaValues,
  file: FileUpload,
): Promise<{ id: string }> {
  const stored = await storeFile(deps, file, values.name);
  const id = newId();
  const now = nowDb();
  try {
    await deps.db.kysely.transaction().execute(async (trx) => {
      await trx
        .insertInto("eas")
        .values({ id, ...columnsOf(values), created_by: adminId, created_at: now, updated_at: now })
        .execute();
      await insertVersion(trx, id, file.version, stored, adminId, now);
      await recordAudit(trx, {
        actorId: adminId,
        action: "ea.create",
        targetType: "ea",
        targetId: id,
        data: { after: columnsOf(values), version: file.version, sha256: stored.sha256 },
      });
    });
  } catch (error) {
    await discardFiles(deps, [stored.key], "an EA file");
    throw error;
  }
  return { id };
}

export async function updateEa(deps: EaDeps, adminId: string, id: string, values: EaValues) {
  await deps.db.kysely.transaction().execute(async (trx) => {
    const before = found(
      await trx.selectFrom("eas").selectAll().where("id", "=", id).executeTakeFirst(),
    );
    const after = columnsOf(values);
    const changes = changedFields(before, after);
    if (!changes) return;
    if (changes.after.account_type !== undefined) {
      // Live licences were checked against the old type: changing it would leave them wrong.
      const live = await trx
        .selectFrom("ea_licenses")
        .select("id")
        .where("ea_id", "=", id)
        .where("status", "in", ["pending", "active"])
        .executeTakeFirst();
      if (live) throw fieldError("accountType", "eaTypeLocked");
    }
    await trx
      .updateTable("eas")
      .set({ ...after, updated_at: nowDb() })
      .where("id", "=", id)
      .execute();
    await recordAudit(trx, {
      actorId: adminId,
      action: "ea.update",
      targetType: "ea",
      targetId: id,
      data: changes,
    });
  });
}

/** A new version of the file; members download the newest one from now on. */
export async function uploadVersion(deps: EaDeps, adminId: string, id: string, file: FileUpload) {
  const ea = await eaRow(deps.db.kysely, id);
  const stored = await storeFile(deps, file, ea.name);
  const now = nowDb();
  try {
    await deps.db.kysely.transaction().execute(async (trx) => {
      await insertVersion(trx, id, file.version, stored, adminId, now);
      await trx.updateTable("eas").set({ updated_at: now }).where("id", "=", id).execute();
      await recordAudit(trx, {
        actorId: adminId,
        action: "ea.version",
        targetType: "ea",
        targetId: id,
        data: { version: file.version, sha256: stored.sha256, size: stored.size },
      });
    });
  } catch (error) {
    await discardFiles(deps, [stored.key], "an EA file");
    throw error;
  }
  return { id };
}

// ----------------------------------------------------------------------------------- members

const MEMBER_SORT = { updatedAt: "eas.updated_at", name: "eas.name" } as const;

/** Active EAs, optionally of one category, with their latest version. */
export async function memberListEas(
  db: Db,
  input: z.output<typeof memberListInput>,
  locale: Language,
) {
  const query = db.kysely
    .selectFrom("eas")
    .select(EA_COLUMNS)
    .select((eb) => latestVersion(eb).as("version"))
    .where("eas.active", "=", 1)
    .$if(!!input.category, (q) => q.where("eas.category", "=", input.category!));
  return listPage(query, input, MEMBER_SORT[input.sort], "eas.id", (r) => ({
    ...toMemberEa(r, locale),
    version: r.version ?? null,
  }));
}

/**
 * An active EA for a member: its current version, the member's licences for it, and which of
 * the member's approved accounts can still be licensed (the right type, no live licence yet).
 */
export async function memberGetEa(db: Db, userId: string, id: string, locale: Language) {
  const row = found(
    await db.kysely
      .selectFrom("eas")
      .select(EA_COLUMNS)
      .where("eas.id", "=", id)
      .where("eas.active", "=", 1)
      .executeTakeFirst(),
  );
  const ea = toMemberEa(row, locale);
  const file = await currentFile(db.kysely, id);
  const licenses = await licenceQuery(db.kysely)
    .where("ea_licenses.ea_id", "=", id)
    .where("ea_licenses.user_id", "=", userId)
    .orderBy("ea_licenses.created_at", "desc")
    .orderBy("ea_licenses.id", "desc")
    .execute();
  const typed = await approvedAccountsWithType(db.kysely, userId);
  const live = new Set(
    licenses
      .filter((l) => l.status === "pending" || l.status === "active")
      .map((l) => l.broker_account_id),
  );
  return {
    ...ea,
    file: file ? toFile(file) : null,
    licenses: licenses.map((l) => ({
      id: l.id,
      status: l.status,
      licenseKey: l.status === "active" ? l.license_key : null,
      ...memberReason(l, locale),
      requestedAt: l.created_at,
      issuedAt: l.issued_at,
      account: { accountNumber: l.account_number, brokerName: l.broker_name },
    })),
    /** Approved accounts of the EA's type that hold no live licence for it yet. */
    eligibleAccounts: typed.filter((a) => a.accountType === ea.accountType && !live.has(a.id)),
    /** Approved accounts of the other type: shown so the member knows why they are missing. */
    otherTypeAccounts: typed.filter((a) => a.accountType !== ea.accountType).length,
    canDownload:
      file !== null &&
      licenses.some((l) => l.status === "active" && l.account_status === "approved"),
  };
}
