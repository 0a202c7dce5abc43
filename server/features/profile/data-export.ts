import { strToU8, zipSync } from "fflate";
import type { Db } from "#db";
import { forUpdate } from "#db/dialect";
import { newId } from "#db/id";
import type { DataExportStatus, Language } from "#db/schema";
import { fromDbTime, toDbTime } from "#db/time";
import { recordAudit } from "../../audit";
import { AppError, notFound } from "../../errors";
import { type CsvCell, toCsv } from "../../lib/csv";
import { memberWallet } from "../../ledger";
import type { Logger } from "../../logger";
import type { Mailer } from "../../mail";
import { newFileKey, type Storage } from "../../storage";

/**
 * A member's copy of what the portal holds about them (開示). The member asks;
 * the worker prepares a ZIP (each part as JSON and CSV), stores it and mails a link; the link
 * serves the file to that member only, for 24 hours, then the file is removed. Payout details
 * are masked: the copy may travel further than the portal.
 */

/** How long a prepared copy may be downloaded. */
export const EXPORT_VALID_HOURS = 24;

export interface ExportRequestRow {
  id: string;
  status: DataExportStatus;
  requestedAt: string;
  readyAt: string | null;
  expiresAt: string | null;
  firstDownloadedAt: string | null;
  lastDownloadedAt: string | null;
  downloadCount: number;
}

/** An expired copy reads as expired even before the job has marked it. */
function current(status: DataExportStatus, expiresAt: string | null, now: Date): DataExportStatus {
  return status === "ready" && expiresAt !== null && fromDbTime(expiresAt) <= now
    ? "expired"
    : status;
}

async function listRequests(db: Db, userId: string, limit: number, now: Date) {
  const rows = await db.kysely
    .selectFrom("data_exports")
    .select([
      "id",
      "status",
      "created_at",
      "ready_at",
      "expires_at",
      "first_downloaded_at",
      "last_downloaded_at",
      "download_count",
    ])
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map((r): ExportRequestRow => ({
    id: r.id,
    status: current(r.status, r.expires_at, now),
    requestedAt: r.created_at,
    readyAt: r.ready_at,
    expiresAt: r.expires_at,
    firstDownloadedAt: r.first_downloaded_at,
    lastDownloadedAt: r.last_downloaded_at,
    downloadCount: Number(r.download_count),
  }));
}

/** The member's latest request, for the profile section. */
export async function dataExportView(db: Db, userId: string, now = new Date()) {
  const [latest] = await listRequests(db, userId, 1, now);
  return { latest: latest ?? null, validHours: EXPORT_VALID_HOURS };
}

/** Every request of a member, newest first, for the admin's customer page. */
export function adminDataExports(db: Db, userId: string, now = new Date()) {
  return listRequests(db, userId, 20, now);
}

/**
 * Records a request. One waits at a time: a second while one is being prepared is refused
 * (checked under the member's row lock, so two clicks cannot make two).
 */
export async function requestDataExport(db: Db, userId: string, now = new Date()) {
  return db.kysely.transaction().execute(async (trx) => {
    await forUpdate(db, trx.selectFrom("users").select("id").where("id", "=", userId)).execute();
    const pending = await trx
      .selectFrom("data_exports")
      .select("id")
      .where("user_id", "=", userId)
      .where("status", "=", "requested")
      .executeTakeFirst();
    if (pending) throw new AppError("CONFLICT", "dataExportPending");
    const id = newId();
    const stamp = toDbTime(now);
    await trx
      .insertInto("data_exports")
      .values({ id, user_id: userId, status: "requested", created_at: stamp, updated_at: stamp })
      .execute();
    await recordAudit(trx, exportEvent(userId, "dataExport.request", id));
    return { id };
  });
}

/** The prepared ZIP, to its member only, while it is valid; anything else is not found. */
export async function downloadDataExport(
  deps: { db: Db; storage: Storage },
  userId: string,
  exportId: string,
  now = new Date(),
): Promise<{ filename: string; bytes: Uint8Array }> {
  const row = await deps.db.kysely
    .selectFrom("data_exports")
    .select(["status", "storage_key", "expires_at", "first_downloaded_at"])
    .where("id", "=", exportId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (!row || !row.storage_key || current(row.status, row.expires_at, now) !== "ready") {
    throw notFound();
  }
  const bytes = await deps.storage.get(row.storage_key);
  if (!bytes) throw notFound();
  const stamp = toDbTime(now);
  await deps.db.kysely.transaction().execute(async (trx) => {
    await trx
      .updateTable("data_exports")
      .set((eb) => ({
        first_downloaded_at: row.first_downloaded_at ?? stamp,
        last_downloaded_at: stamp,
        download_count: eb("download_count", "+", 1),
        updated_at: stamp,
      }))
      .where("id", "=", exportId)
      .execute();
    await recordAudit(trx, exportEvent(userId, "dataExport.download", exportId));
  });
  return { filename: `my-data-${stamp.slice(0, 10).replace(/-/g, "")}.zip`, bytes };
}

/** The member's own request or download of their copy: a security event on their account. */
function exportEvent(
  userId: string,
  action: "dataExport.request" | "dataExport.download",
  exportId: string,
) {
  return {
    actorId: userId,
    action,
    targetType: "data_export",
    targetId: exportId,
    memberId: userId,
  };
}

/** Keeps the last `keep` characters, the rest as "*": enough to recognise, not to use. */
export function maskTail(value: string | null, keep = 4): string | null {
  if (value === null || value === "") return value;
  if (value.length <= keep) return "*".repeat(value.length);
  return "*".repeat(value.length - keep) + value.slice(-keep);
}

/** An address as its first character and domain: a***@example.com. */
export function maskEmail(value: string | null): string | null {
  if (!value) return value;
  const at = value.lastIndexOf("@");
  if (at < 1) return maskTail(value);
  return `${value[0]}***${value.slice(at)}`;
}

type Row = Record<string, CsvCell>;

/** Everything held about one member, every query bound to that member's id. */
export async function collectMemberData(db: Db, userId: string): Promise<Record<string, Row[]>> {
  const k = db.kysely;
  const user = await k
    .selectFrom("users")
    .select([
      "id",
      "email",
      "name",
      "nickname",
      "language",
      "twitter_url",
      "referral_code",
      "ranking_opt_out",
      "email_verified_at",
      "totp_enabled_at",
      "created_at",
      "updated_at",
    ])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  const [brokerAccounts, payment, consents, sessions, security, statement, chat] =
    await Promise.all([
      k
        .selectFrom("broker_accounts")
        .innerJoin("brokers", "brokers.id", "broker_accounts.broker_id")
        .select([
          "broker_accounts.id",
          "brokers.name as broker",
          "broker_accounts.account_number",
          "broker_accounts.live_number",
          "broker_accounts.account_type",
          "broker_accounts.status",
          "broker_accounts.created_at",
          "broker_accounts.decided_at",
        ])
        .where("broker_accounts.user_id", "=", userId)
        .orderBy("broker_accounts.created_at")
        .execute(),
      k.selectFrom("payment_details").selectAll().where("user_id", "=", userId).execute(),
      k
        .selectFrom("legal_consents")
        .innerJoin("legal_documents", "legal_documents.id", "legal_consents.document_id")
        .select(["legal_documents.kind", "legal_documents.version", "legal_consents.accepted_at"])
        .where("legal_consents.user_id", "=", userId)
        .orderBy("legal_consents.accepted_at")
        .execute(),
      // The session's id is its secret: never written into a file.
      k
        .selectFrom("sessions")
        .select(["created_at", "last_seen_at", "expires_at", "ip", "user_agent"])
        .where("user_id", "=", userId)
        .orderBy("created_at")
        .execute(),
      // Who acted is "member" or "operator": admins' ids and notes are the operator's records.
      k
        .selectFrom("audit_log")
        .select(["action", "actor_id", "created_at"])
        .where((eb) =>
          eb.or([
            eb("actor_id", "=", userId),
            eb.and([eb("target_type", "=", "user"), eb("target_id", "=", userId)]),
          ]),
        )
        .orderBy("created_at")
        .execute(),
      k
        .selectFrom("ledger_entries as e")
        .innerJoin("ledger_transactions as t", "t.id", "e.tx_id")
        .select([
          "t.id as transaction",
          "t.created_at",
          "t.kind",
          "t.ref_type",
          "e.bucket",
          "e.amount",
        ])
        .where("e.wallet_id", "=", memberWallet(userId))
        .orderBy("t.created_at")
        .orderBy("t.id")
        .execute(),
      k
        .selectFrom("chat_messages")
        .innerJoin("chat_threads", "chat_threads.id", "chat_messages.thread_id")
        .select([
          "chat_messages.created_at",
          "chat_messages.sender_role",
          "chat_messages.body",
          "chat_messages.image_key",
        ])
        .where("chat_threads.user_id", "=", userId)
        .orderBy("chat_messages.created_at")
        .execute(),
    ]);
  return {
    profile: [{ ...user }],
    broker_accounts: brokerAccounts,
    payout_details: payment.map((p) => ({
      bank_name: p.bank_name,
      bank_code: p.bank_code,
      branch_name: p.branch_name,
      branch_number: p.branch_number,
      account_type: p.account_type,
      account_holder: p.account_holder,
      bank_account_number: maskTail(p.bank_account_number),
      paypay_id: maskTail(p.paypay_id),
      bitwallet_email: maskEmail(p.bitwallet_email),
      exness_email: maskEmail(p.exness_email),
      peska_email: maskEmail(p.peska_email),
      usdt_network: p.usdt_network,
      usdt_address: maskTail(p.usdt_address),
      updated_at: p.updated_at,
    })),
    consents,
    sessions,
    security_events: security.map((s) => ({
      action: s.action,
      by: s.actor_id === userId ? "member" : "operator",
      created_at: s.created_at,
    })),
    statement: statement.map((s) => ({ ...s, amount: Number(s.amount) })),
    chat_messages: chat.map((c) => ({
      created_at: c.created_at,
      sender: c.sender_role,
      body: c.body,
      has_image: c.image_key !== null,
    })),
  };
}

/** The ZIP: for each part `<part>.json` and `<part>.csv` (UTF-8 with BOM, for Excel). */
export function buildExportZip(parts: Record<string, Row[]>): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  for (const [name, rows] of Object.entries(parts)) {
    files[`${name}.json`] = strToU8(JSON.stringify(rows, null, 2));
    const header = rows[0] ? Object.keys(rows[0]) : [];
    files[`${name}.csv`] = strToU8(
      "\uFEFF" +
        toCsv(
          header,
          rows.map((r) => header.map((h) => r[h])),
        ),
    );
  }
  return zipSync(files);
}

export interface ExportJobDeps {
  db: Db;
  storage: Storage;
  mailer: Mailer;
  log: Logger;
  appOrigin: string;
}

/** Tries at mailing a ready copy's link; the n-th retry waits 2^n minutes after the last try. */
export const EXPORT_MAIL_TRIES = 6;

/**
 * The worker's job: prepares every waiting request (each under its row's lock, so several
 * workers never prepare one twice), mails its member, mails again the links whose mail failed
 * (while the copy lasts), and expires copies past their 24 hours (the file is removed once the
 * row says expired).
 */
export async function runDataExports(deps: ExportJobDeps, now = new Date()) {
  const { db } = deps;
  const waiting = await db.kysely
    .selectFrom("data_exports")
    .select("id")
    .where("status", "=", "requested")
    .orderBy("created_at")
    .limit(20)
    .execute();
  let prepared = 0;
  for (const { id } of waiting) if (await prepare(deps, id, now)) prepared += 1;
  const remailed = await mailAgain(deps, now);
  const stale = await db.kysely
    .selectFrom("data_exports")
    .select(["id", "storage_key"])
    .where("status", "=", "ready")
    .where("expires_at", "<=", toDbTime(now))
    .execute();
  for (const row of stale) {
    await db.kysely
      .updateTable("data_exports")
      .set({ status: "expired", storage_key: null, updated_at: toDbTime(now) })
      .where("id", "=", row.id)
      .where("status", "=", "ready")
      .execute();
    if (row.storage_key) await deps.storage.remove(row.storage_key);
  }
  return { prepared, remailed, expired: stale.length };
}

async function prepare(deps: ExportJobDeps, id: string, now: Date): Promise<boolean> {
  const { db } = deps;
  const done = await db.kysely.transaction().execute(async (trx) => {
    const row = await forUpdate(
      db,
      trx
        .selectFrom("data_exports")
        .select(["user_id", "status"])
        .where("data_exports.id", "=", id),
    ).executeTakeFirst();
    if (!row || row.status !== "requested") return false;
    const zip = buildExportZip(await collectMemberData({ ...db, kysely: trx }, row.user_id));
    const key = newFileKey("exports");
    await deps.storage.put(key, zip);
    const stamp = toDbTime(now);
    await trx
      .updateTable("data_exports")
      .set({
        status: "ready",
        storage_key: key,
        size_bytes: zip.length,
        ready_at: stamp,
        expires_at: toDbTime(new Date(now.getTime() + EXPORT_VALID_HOURS * 3600 * 1000)),
        // The first try at the mail is this worker's, taken with the copy.
        mail_attempts: 1,
        mail_tried_at: stamp,
        updated_at: stamp,
      })
      .where("id", "=", id)
      .execute();
    return true;
  });
  if (!done) return false;
  await sendReadyMail(deps, id, now);
  return true;
}

/**
 * Ready copies whose mail failed, due again (2^tries minutes after the last try) and not yet
 * lapsed. Each try is claimed by moving the count on from what was read, so two workers never
 * send the same try.
 */
async function mailAgain(deps: ExportJobDeps, now: Date): Promise<number> {
  const { db } = deps;
  const unsent = await db.kysely
    .selectFrom("data_exports")
    .select(["id", "mail_attempts", "mail_tried_at"])
    .where("status", "=", "ready")
    .where("mailed_at", "is", null)
    .where("mail_attempts", ">=", 1)
    .where("mail_attempts", "<", EXPORT_MAIL_TRIES)
    .where("expires_at", ">", toDbTime(now))
    .limit(50)
    .execute();
  let sent = 0;
  for (const row of unsent) {
    const wait = 2 ** row.mail_attempts * 60 * 1000;
    if (row.mail_tried_at && fromDbTime(row.mail_tried_at).getTime() + wait > now.getTime()) {
      continue;
    }
    const claimed = await db.kysely
      .updateTable("data_exports")
      .set({ mail_attempts: row.mail_attempts + 1, mail_tried_at: toDbTime(now) })
      .where("id", "=", row.id)
      .where("mailed_at", "is", null)
      .where("mail_attempts", "=", row.mail_attempts)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) continue;
    if (await sendReadyMail(deps, row.id, now)) sent += 1;
  }
  return sent;
}

/** Mails the link to a ready copy; records it as mailed when the server took the mail. */
async function sendReadyMail(deps: ExportJobDeps, id: string, now: Date): Promise<boolean> {
  const { db } = deps;
  const member = await db.kysely
    .selectFrom("data_exports")
    .innerJoin("users", "users.id", "data_exports.user_id")
    .select(["users.email", "users.language", "users.nickname", "data_exports.mail_attempts"])
    .where("data_exports.id", "=", id)
    .executeTakeFirstOrThrow();
  try {
    await deps.mailer.send({
      to: member.email,
      language: member.language as Language,
      template: "dataExportReady",
      params: { name: member.nickname, link: `${deps.appOrigin}/users/data-export/${id}` },
    });
  } catch (err) {
    const last = member.mail_attempts >= EXPORT_MAIL_TRIES;
    deps.log.error(
      { err, dataExport: id, attempts: member.mail_attempts },
      last
        ? "giving up on the data copy mail"
        : "sending the data copy mail failed; it is tried again",
    );
    return false;
  }
  await db.kysely
    .updateTable("data_exports")
    .set({ mailed_at: toDbTime(now) })
    .where("id", "=", id)
    .execute();
  return true;
}
