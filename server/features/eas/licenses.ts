import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { z } from "zod";
import type { Db } from "#db";
import { isUniqueViolation } from "#db/dialect";
import { newId } from "#db/id";
import type { Database, EaAccountType, EaLicenseStatus, Language } from "#db/schema";
import { nowDb } from "#db/time";
import { recordAudit } from "../../audit";
import { AppError, found, notFound } from "../../errors";
import { fieldsOf } from "../../lib/columns";
import { lockedRow } from "../../lib/locked";
import { fieldError } from "../../lib/field-error";
import { inJapanese, localized, readerText } from "../../lib/localized";
import { contains, listPage, memberMatches } from "../../lib/paging";
import { accountTypeOf, approvedAccountsWithType } from "./dedicated-accounts";
import type { adminLicensesInput, myLicensesInput } from "./schema";

/**
 * Licences: a member asks for one EA on one of their approved accounts of the EA's account type;
 * an admin issues it (a licence key is made then), rejects the request, or revokes an issued
 * licence. An admin may also issue one directly. The database holds the rule "one live licence
 * per EA and account": UNIQUE (ea_id, live_account_id), live_account_id being cleared when a
 * licence is rejected or revoked.
 *
 * An account's type is EA-dedicated when an admin has designated it (ea_dedicated_accounts),
 * regular otherwise. A designation cannot change under live licences that rely on it.
 */

// Crockford base32, upper case: no I, L, O or U to misread when typing a key into MetaTrader.
const KEY_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** "7K3QD-M2V9X-…": 20 characters, 100 bits from the CSPRNG, in groups of five. */
export function newLicenseKey(): string {
  const bytes = randomBytes(20);
  let out = "";
  for (let i = 0; i < 20; i++) {
    out += KEY_ALPHABET[bytes[i]! & 31];
    if (i % 5 === 4 && i < 19) out += "-";
  }
  return out;
}

/**
 * Refuses unless the account is the member's own, approved, and of the EA's type. The same
 * check runs when a member asks and again when an admin issues, since either may have changed.
 */
async function checkAccount(
  db: Kysely<Database>,
  userId: string,
  accountId: string,
  eaType: EaAccountType,
) {
  const account = await db
    .selectFrom("broker_accounts")
    .select(["id", "user_id", "status"])
    .where("id", "=", accountId)
    .executeTakeFirst();
  if (!account || account.user_id !== userId || account.status !== "approved") {
    throw fieldError("accountId", "eaAccountNotEligible");
  }
  const type = await accountTypeOf(db, accountId);
  if (type !== eaType) {
    throw fieldError(
      "accountId",
      eaType === "ea_dedicated" ? "eaNeedsDedicated" : "eaNeedsRegular",
    );
  }
}

async function activeEa(db: Kysely<Database>, eaId: string) {
  const ea = await db
    .selectFrom("eas")
    .select(["id", "account_type", "active"])
    .where("id", "=", eaId)
    .executeTakeFirst();
  if (!ea || Number(ea.active) !== 1) throw notFound();
  return ea;
}

/** A member asks for a licence; it waits for an admin as "pending". */
export async function requestLicense(
  db: Db,
  userId: string,
  input: { eaId: string; accountId: string },
): Promise<{ id: string }> {
  const ea = await activeEa(db.kysely, input.eaId);
  await checkAccount(db.kysely, userId, input.accountId, ea.account_type);
  const id = newId();
  await insertLicence(db.kysely, {
    id,
    eaId: ea.id,
    userId,
    accountId: input.accountId,
    issued: null,
  });
  return { id };
}

/**
 * Writes a new licence on an account: a member's request ("pending"), or issued by an admin at
 * once ("active", with its key). A live licence of the EA on the account refuses it.
 */
async function insertLicence(
  db: Kysely<Database>,
  licence: LicenceFacts & { id: string; issued: { key: string; by: string } | null },
) {
  const now = nowDb();
  const { issued } = licence;
  try {
    await db
      .insertInto("ea_licenses")
      .values({
        id: licence.id,
        ea_id: licence.eaId,
        user_id: licence.userId,
        broker_account_id: licence.accountId,
        live_account_id: licence.accountId,
        status: issued ? "active" : "pending",
        license_key: issued?.key ?? null,
        reason: null,
        reason_en: null,
        issued_at: issued ? now : null,
        issued_by: issued?.by ?? null,
        ended_at: null,
        ended_by: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("CONFLICT", "eaLicenseExists");
    throw error;
  }
}

/** Which EA, member and account a licence is for, as its audit records name them. */
interface LicenceFacts {
  eaId: string;
  userId: string;
  accountId: string;
}

/** An admin's decision on a licence, audited as "ea.license.<verb>" with what it is for. */
function auditLicence(
  trx: Kysely<Database>,
  adminId: string,
  verb: "issue" | "reject" | "revoke",
  id: string,
  data: LicenceFacts & Record<string, unknown>,
) {
  return recordAudit(trx, {
    actorId: adminId,
    action: `ea.license.${verb}`,
    targetType: "ea_license",
    targetId: id,
    data,
  });
}

function factsOf(row: { ea_id: string; user_id: string; broker_account_id: string }) {
  return { eaId: row.ea_id, userId: row.user_id, accountId: row.broker_account_id };
}

/** Issues a pending request: checks the account again, makes the key. */
export async function issueLicense(db: Db, adminId: string, id: string) {
  return db.kysely.transaction().execute(async (trx) => {
    const licence = await lockedRow(
      db,
      trx
        .selectFrom("ea_licenses")
        .select(["id", "ea_id", "user_id", "broker_account_id", "status"])
        .where("id", "=", id),
    );
    if (licence.status !== "pending") throw new AppError("CONFLICT", "notPending");
    const ea = await activeEa(trx, licence.ea_id);
    try {
      await checkAccount(trx, licence.user_id, licence.broker_account_id, ea.account_type);
    } catch {
      // Told as a whole-form refusal: the admin has no account field to fix here.
      throw new AppError("BAD_REQUEST", "eaAccountNoLongerEligible");
    }
    const now = nowDb();
    const key = newLicenseKey();
    const result = await trx
      .updateTable("ea_licenses")
      .set({
        status: "active",
        license_key: key,
        issued_at: now,
        issued_by: adminId,
        updated_at: now,
      })
      .where("id", "=", id)
      .where("status", "=", "pending")
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw new AppError("CONFLICT", "notPending");
    await auditLicence(trx, adminId, "issue", id, factsOf(licence));
    return { id, licenseKey: key };
  });
}

/** Finds a member by email or uid, for the admin's forms. */
async function findMember(db: Kysely<Database>, member: string) {
  const text = member.trim();
  const row = await db
    .selectFrom("users")
    .select(["id", "email", "nickname", "permission"])
    .where((eb) => eb.or([eb("email", "=", text.toLowerCase()), eb("id", "=", text)]))
    .executeTakeFirst();
  if (!row || row.permission !== "member") throw fieldError("member", "eaMemberNotFound");
  return row;
}

/** The admin issues a licence directly, for a member's approved account of the right type. */
export async function issueLicenseFor(
  db: Db,
  adminId: string,
  input: { eaId: string; member: string; accountId: string },
) {
  const ea = await db.kysely
    .selectFrom("eas")
    .select(["id", "account_type"])
    .where("id", "=", input.eaId)
    .executeTakeFirst();
  if (!ea) throw fieldError("eaId", "notFound");
  const member = await findMember(db.kysely, input.member);
  await checkAccount(db.kysely, member.id, input.accountId, ea.account_type);
  const id = newId();
  const key = newLicenseKey();
  const facts = { eaId: ea.id, userId: member.id, accountId: input.accountId };
  await db.kysely.transaction().execute(async (trx) => {
    await insertLicence(trx, { ...facts, id, issued: { key, by: adminId } });
    await auditLicence(trx, adminId, "issue", id, { ...facts, direct: true });
  });
  return { id, licenseKey: key };
}

/** Why a licence ended: the Japanese the member reads, and its English when written. */
export interface EndReason {
  reason: string;
  reasonEn?: string | null | undefined;
}

/** Ends a licence: a pending request is rejected, an active licence revoked. */
async function endLicense(
  db: Db,
  adminId: string,
  id: string,
  from: EaLicenseStatus,
  to: EaLicenseStatus,
  { reason, reasonEn = null }: EndReason,
) {
  return db.kysely.transaction().execute(async (trx) => {
    const licence = found(
      await trx
        .selectFrom("ea_licenses")
        .select(["id", "ea_id", "user_id", "broker_account_id", "status"])
        .where("id", "=", id)
        .executeTakeFirst(),
    );
    const now = nowDb();
    const result = await trx
      .updateTable("ea_licenses")
      .set({
        status: to,
        live_account_id: null,
        reason,
        reason_en: reasonEn,
        ended_at: now,
        ended_by: adminId,
        updated_at: now,
      })
      .where("id", "=", id)
      .where("status", "=", from)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) {
      throw new AppError("CONFLICT", from === "pending" ? "notPending" : "eaLicenseNotActive");
    }
    await auditLicence(trx, adminId, to === "rejected" ? "reject" : "revoke", id, {
      ...factsOf(licence),
      reason,
      ...(reasonEn ? { reasonEn } : {}),
    });
    return { id, status: to };
  });
}

export const rejectLicense = (db: Db, adminId: string, id: string, reason: EndReason) =>
  endLicense(db, adminId, id, "pending", "rejected", reason);
export const revokeLicense = (db: Db, adminId: string, id: string, reason: EndReason) =>
  endLicense(db, adminId, id, "active", "revoked", reason);

// ------------------------------------------------------------------------------------ lists

/** Licences with their EA, member, account and broker: every list of licences reads this. */
export function licenceQuery(db: Kysely<Database>) {
  return db
    .selectFrom("ea_licenses")
    .innerJoin("eas", "eas.id", "ea_licenses.ea_id")
    .innerJoin("users", "users.id", "ea_licenses.user_id")
    .innerJoin("broker_accounts", "broker_accounts.id", "ea_licenses.broker_account_id")
    .innerJoin("brokers", "brokers.id", "broker_accounts.broker_id")
    .select([
      "ea_licenses.id",
      "ea_licenses.ea_id",
      "ea_licenses.status",
      "ea_licenses.license_key",
      "ea_licenses.reason",
      "ea_licenses.reason_en",
      "ea_licenses.created_at",
      "ea_licenses.issued_at",
      "ea_licenses.ended_at",
      "ea_licenses.broker_account_id",
      "eas.name as ea_name",
      "eas.name_en as ea_name_en",
      "eas.active as ea_active",
      "eas.account_type",
      "users.id as user_id",
      "users.email",
      "users.nickname",
      "broker_accounts.account_number",
      "broker_accounts.status as account_status",
      "brokers.name as broker_name",
    ]);
}

type LicenceRow = Awaited<ReturnType<ReturnType<typeof licenceQuery>["executeTakeFirstOrThrow"]>>;

function toLicence(r: LicenceRow) {
  return {
    ...fieldsOf(r, ["id", "ea_id", "ea_name", "account_type", "status", "license_key"]),
    ...fieldsOf(r, ["reason", "issued_at", "ended_at"]),
    requestedAt: r.created_at,
    account: {
      accountNumber: r.account_number,
      brokerName: r.broker_name,
      status: r.account_status,
    },
  };
}

/**
 * The reason as the member reads it: the English when they read English and it was written,
 * else the Japanese, with the language it is in.
 */
export function memberReason(
  r: { reason: string | null; reason_en: string | null },
  locale: Language,
) {
  const reason = readerText(r.reason, r.reason_en, locale);
  return { reason: reason.text, reasonLang: reason.lang };
}

/** The member's own licences, with the key of each active one and whether it downloads. */
export async function myLicenses(
  db: Db,
  userId: string,
  input: z.output<typeof myLicensesInput>,
  locale: Language,
) {
  const query = licenceQuery(db.kysely)
    .where("ea_licenses.user_id", "=", userId)
    .$if(!!input.status, (q) => q.where("ea_licenses.status", "=", input.status!));
  return listPage(query, input, "ea_licenses.created_at", "ea_licenses.id", (r) => ({
    ...toLicence(r),
    ...memberReason(r, locale),
    eaName: localized(r, "ea_name", locale),
    japanese: { eaName: inJapanese(r, "ea_name", locale) },
    // A key is the member's only while the licence is active.
    licenseKey: r.status === "active" ? r.license_key : null,
    canDownload:
      r.status === "active" && Number(r.ea_active) === 1 && r.account_status === "approved",
  }));
}

const ADMIN_SORT = {
  createdAt: "ea_licenses.created_at",
  issuedAt: "ea_licenses.issued_at",
} as const;

export async function adminLicenses(db: Db, input: z.output<typeof adminLicensesInput>) {
  let query = licenceQuery(db.kysely)
    .$if(!!input.eaId, (q) => q.where("ea_licenses.ea_id", "=", input.eaId!))
    .$if(!!input.status, (q) => q.where("ea_licenses.status", "=", input.status!));
  if (input.member) {
    const text = input.member;
    query = query.where((eb) =>
      eb.or([
        ...memberMatches(text),
        contains("broker_accounts.account_number", text.toUpperCase()),
        eb("ea_licenses.license_key", "=", text.toUpperCase()),
      ]),
    );
  }
  return listPage(query, input, ADMIN_SORT[input.sort], "ea_licenses.id", (r) => ({
    ...toLicence(r),
    member: { id: r.user_id, email: r.email, nickname: r.nickname },
  }));
}

/** A member's approved accounts and their types, for the admin's "issue a licence" form. */
export async function memberAccounts(db: Db, member: string) {
  const user = await findMember(db.kysely, member);
  return {
    member: { id: user.id, email: user.email, nickname: user.nickname },
    accounts: await approvedAccountsWithType(db.kysely, user.id),
  };
}
