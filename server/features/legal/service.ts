import { createHash } from "node:crypto";
import type { Expression, Kysely, QueryCreator } from "kysely";
import type { Db } from "#db";
import { insertIgnore, isUniqueViolation } from "#db/dialect";
import { newId } from "#db/id";
import type { Database } from "#db/schema";
import { nowDb } from "#db/time";
import { recordAudit } from "../../audit";
import { CONSENT_KINDS, type ConsentKind, LEGAL_KINDS, type LegalKind } from "../../domain/legal";
import type { Language } from "../../domain/language";
import { AppError } from "../../errors";
import { localized } from "../../lib/localized";
import { markdownText, renderMarkdown } from "../../lib/markdown";
import { mapRows, paginateSorted } from "../../lib/paging";
import { claimSecondDecision } from "../../lib/second-decision";
import { type DiffRow, sideBySide } from "./diff";
import type { consentListInput, PublishValues } from "./schema";
import type { z } from "zod";

/**
 * Legal documents as numbered versions. Publishing inserts the next version;
 * nothing is edited afterwards, so what a member agreed to is always readable as it was.
 */

const VERSION_COLUMNS = [
  "id",
  "kind",
  "version",
  "body",
  "body_en",
  "summary",
  "summary_en",
  "reconsent",
  "published_at",
] as const;

function latestVersion(db: Kysely<Database>, kind: LegalKind) {
  return db
    .selectFrom("legal_documents")
    .select(VERSION_COLUMNS)
    .where("kind", "=", kind)
    .orderBy("version", "desc")
    .limit(1)
    .executeTakeFirst();
}

/**
 * The latest version's text of a document in the reader's language (Japanese where no English
 * is written), or null before one is published: the company page is where the portal's own
 * name and address come from (the public footer, the annual statement's issuer).
 */
export async function latestBody(
  db: Kysely<Database>,
  kind: LegalKind,
  locale: Language,
): Promise<string | null> {
  const row = await latestVersion(db, kind);
  return row ? localized(row, "body", locale) : null;
}

/** Every version of a document, newest first, without the texts. */
function history(db: Kysely<Database>, kind: LegalKind) {
  return db
    .selectFrom("legal_documents")
    .select(["version", "published_at", "reconsent"])
    .where("kind", "=", kind)
    .orderBy("version", "desc")
    .execute()
    .then((rows) =>
      rows.map((r) => ({
        version: r.version,
        publishedAt: r.published_at,
        reconsent: r.reconsent === 1,
      })),
    );
}

/**
 * A public page's document: the version asked for (or the latest), rendered in the reader's
 * language. `inJapanese` says an English reader is shown the Japanese because no English is
 * written, so the page can say so. Null when the document or that version does not exist.
 */
export async function publicDocument(
  db: Db,
  kind: LegalKind,
  version: number | undefined,
  locale: Language,
) {
  const read = db.kysely;
  const row =
    version === undefined
      ? await latestVersion(read, kind)
      : await read
          .selectFrom("legal_documents")
          .select(VERSION_COLUMNS)
          .where("kind", "=", kind)
          .where("version", "=", version)
          .executeTakeFirst();
  if (!row) return null;
  const versions = await history(read, kind);
  const body = localized(row, "body", locale);
  return {
    kind,
    version: row.version,
    publishedAt: row.published_at,
    latest: versions[0]?.version === row.version,
    html: renderMarkdown(body),
    // The text's words alone: the page's description for search results and previews.
    text: markdownText(body),
    inJapanese: locale === "en" && body === row.body,
    versions,
  };
}

/** The admin's overview: each document's latest version and date (null: never published). */
export async function adminOverview(db: Db) {
  const rows = await db.kysely
    .selectFrom("legal_documents")
    .select(["kind", (eb) => eb.fn.max("version").as("version")])
    .groupBy("kind")
    .execute();
  const latest = new Map(rows.map((r) => [r.kind, Number(r.version)]));
  return Promise.all(
    LEGAL_KINDS.map(async (kind) => {
      const version = latest.get(kind);
      const row = version
        ? await db.kysely
            .selectFrom("legal_documents")
            .select(["published_at", "body_en"])
            .where("kind", "=", kind)
            .where("version", "=", version)
            .executeTakeFirstOrThrow()
        : null;
      return {
        kind,
        version: version ?? null,
        publishedAt: row?.published_at ?? null,
        hasEnglish: row ? row.body_en !== null : false,
      };
    }),
  );
}

/** The admin's editor: the latest texts (the starting point of the next version) and history. */
export async function adminDocument(db: Db, kind: LegalKind) {
  const latest = await latestVersion(db.kysely, kind);
  return {
    kind,
    latest: latest
      ? {
          version: latest.version,
          publishedAt: latest.published_at,
          body: latest.body,
          bodyEn: latest.body_en ?? "",
          summary: latest.summary ?? "",
          summaryEn: latest.summary_en ?? "",
          reconsent: latest.reconsent === 1,
        }
      : null,
    versions: await history(db.kysely, kind),
    ...(await approvals(db.kysely, kind, latest?.version ?? 0)),
  };
}

/** The members a version asking for renewed consent stops at the notice: every open account. */
async function membersToAsk(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("permission", "=", "member")
    .where("closed_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * What publishing these texts would do, for the admin to check before `publish`: the next
 * version's number, both languages rendered as the public page will show them, each language's
 * changes against the current version side by side, whether the English was left as it was
 * while the Japanese changed (English readers would read the old text), and how many members a
 * version asking for renewed consent stops. `fingerprint` names exactly these values: the
 * confirmation publishes only what was previewed.
 */
export async function previewPublish(db: Db, input: PublishValues) {
  const latest = await latestVersion(db.kysely, input.kind);
  const current = {
    body: latest?.body ?? "",
    bodyEn: latest?.body_en ?? "",
  };
  const bodyEn = input.bodyEn ?? "";
  const diff = (before: string, after: string): DiffRow[] | null =>
    before === after ? null : sideBySide(before, after);
  return {
    kind: input.kind,
    currentVersion: latest?.version ?? null,
    version: (latest?.version ?? 0) + 1,
    html: renderMarkdown(input.body),
    htmlEn: bodyEn === "" ? null : renderMarkdown(bodyEn),
    diff: diff(current.body, input.body),
    diffEn: diff(current.bodyEn, bodyEn),
    englishStale:
      latest !== undefined &&
      input.body !== current.body &&
      current.bodyEn !== "" &&
      bodyEn === current.bodyEn,
    membersToAsk: input.reconsent ? await membersToAsk(db.kysely) : 0,
    fingerprint: createHash("sha256")
      .update(
        JSON.stringify([
          input.kind,
          latest?.version ?? 0,
          input.body,
          bodyEn,
          input.summary ?? "",
          input.summaryEn ?? "",
          input.reconsent,
        ]),
      )
      .digest("hex"),
  };
}

/** The version of `kind` awaiting its second approval, if any (at most one at a time). */
function awaitingVersion(db: Kysely<Database>, kind: LegalKind) {
  return db
    .selectFrom("legal_approvals")
    .selectAll()
    .where("kind", "=", kind)
    .where("status", "=", "checking")
    .orderBy("first_approved_at", "desc")
    .limit(1)
    .executeTakeFirst();
}

/**
 * Publishes the next version of a document, audited. Two admins publishing at once both read
 * the same latest number; the unique (kind, version) index refuses the second, which is told
 * to look again rather than silently numbered after a text it never saw.
 *
 * A version asking every member to agree again is not published here: it is the first approval,
 * kept aside (not in force, not on the public page) until a different admin approves it with
 * `approveVersion`. While one awaits, no other version of that document is published: the
 * awaiting text was written against the current one.
 */
export async function publish(db: Db, adminId: string, input: PublishValues) {
  try {
    return await db.kysely.transaction().execute(async (trx) => {
      if (await awaitingVersion(trx, input.kind)) {
        throw new AppError("CONFLICT", "legalAwaitingApproval");
      }
      const latest = await latestVersion(trx, input.kind);
      const version = (latest?.version ?? 0) + 1;
      if (input.reconsent) {
        const id = newId();
        await trx
          .insertInto("legal_approvals")
          .values({
            id,
            kind: input.kind,
            base_version: latest?.version ?? 0,
            body: input.body,
            body_en: input.bodyEn,
            summary: input.summary,
            summary_en: input.summaryEn,
            status: "checking",
            first_approved_by: adminId,
            first_approved_at: nowDb(),
          })
          .execute();
        await recordAudit(trx, {
          actorId: adminId,
          action: "legal.firstApprove",
          targetType: "legal_approval",
          targetId: id,
          data: { kind: input.kind, version, reconsent: true },
        });
        return { kind: input.kind, version, awaiting: true as const };
      }
      const id = await insertVersion(trx, adminId, version, input);
      await recordAudit(trx, {
        actorId: adminId,
        action: "legal.publish",
        targetType: "legal_document",
        targetId: id,
        data: { kind: input.kind, version, reconsent: input.reconsent },
      });
      return { kind: input.kind, version };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("CONFLICT", "legalPublishedMeanwhile");
    throw error;
  }
}

/** The one insert of a published version: never updated afterwards. */
async function insertVersion(
  trx: Kysely<Database>,
  publishedBy: string | null,
  version: number,
  input: PublishValues,
): Promise<string> {
  const id = newId();
  await trx
    .insertInto("legal_documents")
    .values({
      id,
      kind: input.kind,
      version,
      body: input.body,
      body_en: input.bodyEn,
      summary: input.summary,
      summary_en: input.summaryEn,
      reconsent: input.reconsent ? 1 : 0,
      published_at: nowDb(),
      published_by: publishedBy,
    })
    .execute();
  return id;
}

/**
 * The second approval of a version awaiting it, by anyone but its first approver, once: one
 * conditional UPDATE decides (two approvals at once: the second finds it decided), and only then
 * is the version inserted and in force. The text must still follow the current version.
 */
export async function approveVersion(db: Db, adminId: string, id: string) {
  try {
    return await db.kysely.transaction().execute(async (trx) => {
      const row = await claimSecondDecision(trx, {
        table: "legal_approvals",
        id,
        adminId,
        set: { status: "published", decided_by: adminId, decided_at: nowDb() },
        columns: ["kind", "base_version", "body", "body_en", "summary", "summary_en"],
      });
      const latest = await latestVersion(trx, row.kind);
      if ((latest?.version ?? 0) !== row.base_version) {
        throw new AppError("CONFLICT", "legalPublishedMeanwhile");
      }
      const version = row.base_version + 1;
      const documentId = await insertVersion(trx, row.first_approved_by, version, {
        kind: row.kind,
        body: row.body,
        bodyEn: row.body_en,
        summary: row.summary,
        summaryEn: row.summary_en,
        reconsent: true,
      } as PublishValues);
      await trx.updateTable("legal_approvals").set({ version }).where("id", "=", id).execute();
      await recordAudit(trx, {
        actorId: adminId,
        action: "legal.secondApprove",
        targetType: "legal_document",
        targetId: documentId,
        data: { kind: row.kind, version, firstApprovedBy: row.first_approved_by },
      });
      return { kind: row.kind, version };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("CONFLICT", "legalPublishedMeanwhile");
    throw error;
  }
}

/**
 * Sends a version awaiting its second approval back with a reason its first approver reads;
 * nothing is published. By anyone but the first approver, once: one conditional UPDATE.
 */
export async function sendBackVersion(db: Db, adminId: string, id: string, reason: string) {
  return db.kysely.transaction().execute(async (trx) => {
    const row = await claimSecondDecision(trx, {
      table: "legal_approvals",
      id,
      adminId,
      set: {
        status: "returned",
        decided_by: adminId,
        decided_at: nowDb(),
        send_back_reason: reason,
      },
      columns: ["kind", "base_version"],
    });
    await recordAudit(trx, {
      actorId: adminId,
      action: "legal.sendBack",
      targetType: "legal_approval",
      targetId: id,
      data: {
        kind: row.kind,
        version: row.base_version + 1,
        firstApprovedBy: row.first_approved_by,
        reason,
      },
    });
    return { id, status: "returned" as const };
  });
}

/**
 * For the editor: the version awaiting its second approval, with who gave the first, and the
 * latest one sent back (its reason, for the admin who wrote it).
 */
async function approvals(db: Kysely<Database>, kind: LegalKind, current: number) {
  const rows = await db
    .selectFrom("legal_approvals as a")
    .leftJoin("users as f", "f.id", "a.first_approved_by")
    .leftJoin("users as d", "d.id", "a.decided_by")
    .select([
      "a.id",
      "a.status",
      "a.base_version",
      "a.summary",
      "a.summary_en",
      "a.first_approved_by",
      "a.first_approved_at",
      "a.send_back_reason",
      "a.decided_at",
      "f.name as first_name",
      "f.email as first_email",
      "d.name as decided_name",
      "d.email as decided_email",
    ])
    .where("a.kind", "=", kind)
    .where("a.status", "in", ["checking", "returned"])
    .orderBy("a.first_approved_at", "desc")
    .orderBy("a.id", "desc")
    .limit(2)
    .execute();
  const shape = (r: (typeof rows)[number]) => ({
    id: r.id,
    status: r.status,
    version: r.base_version + 1,
    summary: r.summary ?? "",
    summaryEn: r.summary_en ?? "",
    firstApprover: r.first_approved_by
      ? { id: r.first_approved_by, name: r.first_name || r.first_email || "" }
      : null,
    firstApprovedAt: r.first_approved_at,
    sendBackReason: r.send_back_reason,
    decidedAt: r.decided_at,
    decidedBy: r.decided_name || r.decided_email || null,
  });
  const awaiting = rows.find((r) => r.status === "checking");
  const returned = rows.find((r) => r.status === "returned");
  return {
    awaiting: awaiting ? shape(awaiting) : null,
    // A version sent back is news only until the document moves on.
    returned: returned && !awaiting && returned.base_version === current ? shape(returned) : null,
  };
}

// ------------------------------------------------------------------------------ consent

/**
 * Records that a member accepts the current terms and privacy policy, in the transaction that
 * creates their account. A document not published yet has nothing to accept.
 */
export async function acceptCurrent(trx: Kysely<Database>, userId: string): Promise<void> {
  const now = nowDb();
  for (const kind of CONSENT_KINDS) {
    const latest = await latestVersion(trx, kind);
    if (!latest) continue;
    await trx
      .insertInto("legal_consents")
      .values({ id: newId(), user_id: userId, document_id: latest.id, accepted_at: now })
      .execute();
  }
}

/**
 * The documents a member must accept before any other member page: for each of the terms and
 * the privacy policy, when a version asks for renewed consent and the member has accepted
 * neither it nor a later one, the latest version (with its change summary). Empty for almost
 * every page load: one query.
 */
/**
 * The versions of the terms or privacy policy that ask members to agree again and that this
 * member has not agreed to (nor to a later version of the same document).
 */
export function unagreedReconsents(
  qb: QueryCreator<Database>,
  userId: string | Expression<string>,
  kind: Expression<LegalKind> | null = null,
) {
  return qb
    .selectFrom("legal_documents as asking")
    .where("asking.kind", "in", CONSENT_KINDS)
    .$if(kind !== null, (q) => q.where("asking.kind", "=", kind!))
    .where("asking.reconsent", "=", 1)
    .where((inner) =>
      inner.not(
        inner.exists(
          inner
            .selectFrom("legal_consents as c")
            .innerJoin("legal_documents as accepted", "accepted.id", "c.document_id")
            .select("c.id")
            .where("c.user_id", "=", userId)
            .whereRef("accepted.kind", "=", "asking.kind")
            .whereRef("accepted.version", ">=", "asking.version"),
        ),
      ),
    );
}

export async function pendingConsents(db: Db, userId: string, locale: Language) {
  const rows = await db.kysely
    .selectFrom("legal_documents as d")
    .select(VERSION_COLUMNS.map((c) => `d.${c}` as const))
    .where("d.kind", "in", CONSENT_KINDS)
    .where((eb) =>
      eb(
        "d.version",
        "=",
        eb
          .selectFrom("legal_documents as latest")
          .select((l) => l.fn.max("latest.version").as("v"))
          .whereRef("latest.kind", "=", "d.kind"),
      ),
    )
    .where((eb) =>
      eb.exists(unagreedReconsents(db.kysely, userId, eb.ref("d.kind")).select("asking.id")),
    )
    .orderBy("d.kind", "desc")
    .execute();
  return rows.map((row) => {
    const summary = localized(row, "summary", locale);
    return {
      kind: row.kind as ConsentKind,
      version: row.version,
      publishedAt: row.published_at,
      summary: summary ?? "",
      inJapanese: locale === "en" && summary !== null && summary === row.summary,
    };
  });
}

/**
 * The member accepts the versions the notice showed. Each must still be its document's latest:
 * a version published while the notice was open is shown before it is agreed to.
 */
export async function accept(
  db: Db,
  userId: string,
  documents: { kind: ConsentKind; version: number }[],
): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    const now = nowDb();
    for (const { kind, version } of documents) {
      const latest = await latestVersion(trx, kind);
      if (!latest || latest.version !== version) {
        throw new AppError("CONFLICT", "legalPublishedMeanwhile");
      }
      await insertIgnore(
        db,
        trx
          .insertInto("legal_consents")
          .values({ id: newId(), user_id: userId, document_id: latest.id, accepted_at: now }),
      ).execute();
    }
  });
}

/** A member's acceptances, newest first, for the admin's customer page. */
export async function memberConsents(db: Db, userId: string) {
  const rows = await db.kysely
    .selectFrom("legal_consents as c")
    .innerJoin("legal_documents as d", "d.id", "c.document_id")
    .select(["d.kind", "d.version", "d.published_at", "c.accepted_at"])
    .where("c.user_id", "=", userId)
    .orderBy("c.accepted_at", "desc")
    .orderBy("d.kind")
    .execute();
  return rows.map((r) => ({
    kind: r.kind,
    version: r.version,
    publishedAt: r.published_at,
    acceptedAt: r.accepted_at,
  }));
}

/** Every acceptance (newest first, optionally of one document), for the CSV export. */
export async function consentList(db: Db, input: z.output<typeof consentListInput>) {
  let query = db.kysely
    .selectFrom("legal_consents as c")
    .innerJoin("legal_documents as d", "d.id", "c.document_id")
    .innerJoin("users as u", "u.id", "c.user_id")
    .select([
      "c.id",
      "c.accepted_at",
      "u.id as user_id",
      "u.email",
      "u.nickname",
      "d.kind",
      "d.version",
      "d.published_at",
    ]);
  if (input.kind) query = query.where("d.kind", "=", input.kind);
  const page = await paginateSorted(query, input, "c.accepted_at", "c.id");
  return mapRows(page, (r) => ({
    userId: r.user_id,
    email: r.email,
    nickname: r.nickname,
    kind: r.kind,
    version: r.version,
    publishedAt: r.published_at,
    acceptedAt: r.accepted_at,
  }));
}
