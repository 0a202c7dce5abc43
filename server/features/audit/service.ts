import { z } from "zod";
import type { Db } from "#db";
import { toDbTime } from "#db/time";
import { addTokyoDays, tokyoMidnight } from "../../domain/tokyo";

/**
 * The audit log page: every admin action and security event, newest first, a
 * page at a time by keyset (the last row's time and id), so the millionth row costs what the
 * first does. Each filter reads its own index (migration 202612010400): (actor_id | action |
 * member_id, created_at, id), and (created_at, id) without one.
 */

export const AUDIT_PAGE_SIZE = 50;
/** A file of the filtered rows holds at most this many, newest first. */
export const AUDIT_EXPORT_MAX = 100_000;

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .optional()
  .catch(undefined);
const id = z.string().trim().max(64).optional().catch(undefined);

export const auditInput = z.object({
  actor: id.transform((v) => v || undefined),
  action: z
    .string()
    .trim()
    .max(64)
    .optional()
    .catch(undefined)
    .transform((v) => v || undefined),
  member: id.transform((v) => v || undefined),
  from: day,
  to: day,
  /** The last row of the previous page: "created_at~id". */
  after: z.string().max(100).optional().catch(undefined),
  export: z.literal(true).optional(),
});
export type AuditInput = z.output<typeof auditInput>;

export interface AuditRow {
  id: string;
  createdAt: string;
  actor: { id: string; name: string; email: string } | null;
  action: string;
  targetType: string;
  targetId: string | null;
  memberId: string | null;
  ip: string | null;
  userAgent: string | null;
  data: Record<string, unknown> | null;
}

function cursorOf(createdAt: string, rowId: string) {
  return `${createdAt}~${rowId}`;
}

function parseCursor(after: string | undefined) {
  if (!after) return null;
  const at = after.lastIndexOf("~");
  if (at < 1) return null;
  return { createdAt: after.slice(0, at), id: after.slice(at + 1) };
}

/** One page of the log (or, with `export`, every filtered row up to AUDIT_EXPORT_MAX). */
export async function auditPage(db: Db, input: AuditInput, pageSize = AUDIT_PAGE_SIZE) {
  const cursor = input.export ? null : parseCursor(input.after);
  const limit = input.export ? AUDIT_EXPORT_MAX : pageSize;
  const rows = await db.kysely
    .selectFrom("audit_log")
    .leftJoin("users", "users.id", "audit_log.actor_id")
    .select([
      "audit_log.id",
      "audit_log.created_at",
      "audit_log.actor_id",
      "audit_log.action",
      "audit_log.target_type",
      "audit_log.target_id",
      "audit_log.member_id",
      "audit_log.ip",
      "audit_log.user_agent",
      "audit_log.data",
      "users.name",
      "users.email",
    ])
    .$if(input.actor !== undefined, (q) => q.where("audit_log.actor_id", "=", input.actor!))
    .$if(input.action !== undefined, (q) => q.where("audit_log.action", "=", input.action!))
    .$if(input.member !== undefined, (q) => q.where("audit_log.member_id", "=", input.member!))
    .$if(input.from !== undefined, (q) =>
      q.where("audit_log.created_at", ">=", toDbTime(tokyoMidnight(input.from!))),
    )
    .$if(input.to !== undefined, (q) =>
      q.where("audit_log.created_at", "<", toDbTime(addTokyoDays(tokyoMidnight(input.to!), 1))),
    )
    // The redundant upper bound gives both engines an index range to start from.
    .$if(cursor !== null, (q) =>
      q
        .where("audit_log.created_at", "<=", cursor!.createdAt)
        .where((eb) =>
          eb.or([
            eb("audit_log.created_at", "<", cursor!.createdAt),
            eb.and([
              eb("audit_log.created_at", "=", cursor!.createdAt),
              eb("audit_log.id", "<", cursor!.id),
            ]),
          ]),
        ),
    )
    .orderBy("audit_log.created_at", "desc")
    .orderBy("audit_log.id", "desc")
    .limit(limit + 1)
    .execute();
  const more = rows.length > limit;
  const shown = more ? rows.slice(0, limit) : rows;
  const last = shown.at(-1);
  return {
    rows: shown.map((r): AuditRow => ({
      id: r.id,
      createdAt: String(r.created_at),
      actor: r.actor_id ? { id: r.actor_id, name: r.name ?? "", email: r.email ?? "" } : null,
      action: r.action,
      targetType: r.target_type,
      targetId: r.target_id,
      memberId: r.member_id,
      ip: r.ip,
      userAgent: r.user_agent,
      data: parseData(r.data),
    })),
    next: more && last ? cursorOf(String(last.created_at), last.id) : null,
  };
}

function parseData(data: string | null): Record<string, unknown> | null {
  if (!data) return null;
  try {
    const parsed: unknown = JSON.parse(data);
    return typeof parsed === "object" && parsed !== null
      ? (parsed as Record<string, unknown>)
      : { value: parsed };
  } catch {
    return { value: data };
  }
}

/** The customer page's list of one member's entries: a shorter page. */
export const MEMBER_EVENTS_PAGE_SIZE = 20;

/**
 * Everything recorded about one member (their sign-ins, second factors, data copies, and what
 * admins did to their account), newest first, a page at a time on the member index.
 */
export function memberEvents(db: Db, input: { id: string; after?: string }) {
  return auditPage(
    db,
    { actor: undefined, action: undefined, member: input.id, after: input.after },
    MEMBER_EVENTS_PAGE_SIZE,
  );
}

/** The admins (for the page's admin filter) and the actions written so far (its action filter). */
export async function auditFilterChoices(db: Db) {
  const admins = await db.kysely
    .selectFrom("users")
    .select(["id", "name", "email"])
    .where("permission", "=", "admin")
    .orderBy("email")
    .execute();
  return { admins };
}
