import type { Kysely, SelectQueryBuilder } from "kysely";
import type { Database } from "#db/schema";
import { fromDbTime } from "#db/time";
import { allows, type Permission } from "../../domain/admin-access";
import type { LegalKind } from "../../domain/legal";
import type { Grants } from "../../auth/permissions";

/**
 * Everything awaiting a second admin's approval, as the admin home lists it: one list of every
 * kind the signed-in admin may decide (the kind's permission held at "act"), oldest first
 * approval first, each row with what it is, its amount and member where it has them, who gave
 * the first approval and when, and the page where it is decided. A kind is one entry of
 * `AWAITING_SOURCES`: its permission and one small query.
 */

/**
 * What a row is about beyond an amount and a member: the broker and the first day of the rates
 * (a rate change, or an adjustment batch from rates dated back), or a legal version.
 */
export type AwaitingSubject =
  { broker: string; from: string } | { document: LegalKind; version: number };

export interface AwaitingSecond {
  kind: AwaitingKind;
  id: string;
  /** In yen; null for a kind without one amount (rate changes, adjustment batches, legal versions). */
  amount: number | null;
  /** The member it is for (nickname, else email); null for a kind without one. */
  member: string | null;
  subject: AwaitingSubject | null;
  firstApprover: { id: string; name: string };
  /** ISO time of the first approval. */
  firstApprovedAt: string;
  /** The admin page where it is approved or sent back. */
  href: string;
}

/** How many of each kind the home lists; each kind's page has the rest. */
export const AWAITING_SECOND_SHOWN = 5;

type Read = Omit<AwaitingSecond, "kind">;

interface AwaitingSource {
  /** The permission whose "act" decides this kind (its approve and send-back procedures'). */
  permission: Permission;
  read: (db: Kysely<Database>) => Promise<Read[]>;
}

/** The first approver's columns every kind selects (`fa` is the users row joined on it). */
const FIRST = [
  "x.id",
  "x.first_approved_at",
  "fa.id as first_id",
  "fa.name as first_name",
  "fa.email as first_email",
] as const;

interface FirstColumns {
  id: string;
  first_approved_at: string | null;
  first_id: string;
  first_name: string | null;
  first_email: string;
}

/**
 * A kind's rows still awaiting their second approval (`x` is the kind's table), oldest first
 * approval first, as many as the home shows.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any table with these columns
function waitingOnly<Q extends SelectQueryBuilder<any, "x", any>>(query: Q): Q {
  return query
    .where("x.status", "=", "checking")
    .orderBy("x.first_approved_at")
    .orderBy("x.id")
    .limit(AWAITING_SECOND_SHOWN) as Q;
}

/** The fields every kind shares, from its row. */
function firstOf(r: FirstColumns) {
  return {
    id: r.id,
    firstApprover: { id: r.first_id, name: r.first_name || r.first_email },
    firstApprovedAt: r.first_approved_at ? fromDbTime(r.first_approved_at).toISOString() : "",
  };
}

/** A row of a kind without one amount or member: what it is about, and its page. */
function aboutSubject(r: FirstColumns, subject: AwaitingSubject, href: string): Read {
  return { ...firstOf(r), amount: null, member: null, subject, href };
}

/** A withdrawal, transfer or present awaiting its second approval: the same shape in three tables. */
async function money(
  db: Kysely<Database>,
  table: "withdrawals" | "transfers" | "presents",
  memberColumn: "user_id" | "sender_id",
  href: string,
): Promise<Read[]> {
  const rows = await db
    .selectFrom(`${table} as x` as "withdrawals as x")
    .innerJoin("users as m", "m.id", `x.${memberColumn}` as "x.user_id")
    .innerJoin("users as fa", "fa.id", "x.first_approved_by")
    .select([...FIRST, "x.amount", "m.nickname", "m.email"])
    .$call(waitingOnly)
    .execute();
  return rows.map((r) => ({
    ...firstOf(r),
    amount: Number(r.amount),
    member: r.nickname || r.email,
    subject: null,
    href,
  }));
}

/**
 * A broker's rates awaiting their second approval, from a day: a rate change, or an adjustment
 * batch drawn up after rates dated back. The same shape in two tables.
 */
async function brokerRows(
  db: Kysely<Database>,
  table: "broker_rate_changes" | "rate_adjustments",
  dayColumn: "effective_from" | "rates_from",
  href: (row: { id: string; broker: string }) => string,
): Promise<Read[]> {
  const rows = await db
    .selectFrom(`${table} as x` as "broker_rate_changes as x")
    .innerJoin("brokers as b", "b.id", "x.broker_id")
    .innerJoin("users as fa", "fa.id", "x.first_approved_by")
    .select([
      ...FIRST,
      "x.broker_id",
      `x.${dayColumn} as day` as "x.effective_from as day",
      "b.name",
    ])
    .$call(waitingOnly)
    .execute();
  return rows.map((r) =>
    aboutSubject(r, { broker: r.name, from: r.day }, href({ id: r.id, broker: r.broker_id })),
  );
}

export const AWAITING_KINDS = [
  "withdrawals",
  "transfers",
  "presents",
  "rateChanges",
  "adjustments",
  "legal",
] as const;
export type AwaitingKind = (typeof AWAITING_KINDS)[number];

/** Each kind awaiting a second approval: who decides it and how its waiting rows are read. */
export const AWAITING_SOURCES: Record<AwaitingKind, AwaitingSource> = {
  withdrawals: {
    permission: "money.decide",
    read: (db) => money(db, "withdrawals", "user_id", "/admin/withdraw?status=checking"),
  },
  transfers: {
    permission: "money.decide",
    read: (db) => money(db, "transfers", "sender_id", "/admin/withdraw/transfers?status=checking"),
  },
  presents: {
    permission: "money.adjust",
    read: (db) => money(db, "presents", "user_id", "/admin/present?status=checking"),
  },
  rateChanges: {
    permission: "cashback.import",
    read: (db) =>
      brokerRows(
        db,
        "broker_rate_changes",
        "effective_from",
        (r) => `/admin/account/brokers/${r.broker}`,
      ),
  },
  adjustments: {
    permission: "money.adjust",
    read: (db) =>
      brokerRows(
        db,
        "rate_adjustments",
        "rates_from",
        (r) => `/admin/account/brokers/${r.broker}/adjustments/${r.id}`,
      ),
  },
  legal: {
    permission: "legal",
    read: async (db) => {
      const rows = await db
        .selectFrom("legal_approvals as x")
        .innerJoin("users as fa", "fa.id", "x.first_approved_by")
        .select([...FIRST, "x.kind", "x.base_version"])
        .$call(waitingOnly)
        .execute();
      return rows.map((r) =>
        aboutSubject(
          r,
          { document: r.kind as LegalKind, version: r.base_version + 1 },
          `/admin/setting/legal/${r.kind}`,
        ),
      );
    },
  },
};

/** The kinds an admin's grants decide. */
export function awaitingKinds(grants: Grants): AwaitingKind[] {
  return AWAITING_KINDS.filter((kind) => allows(grants, AWAITING_SOURCES[kind].permission, "act"));
}

/** Every row awaiting a second approval the admin may decide, oldest first approval first. */
export async function awaitingSecond(
  db: Kysely<Database>,
  grants: Grants,
): Promise<AwaitingSecond[]> {
  const lists = await Promise.all(
    awaitingKinds(grants).map(async (kind) =>
      (await AWAITING_SOURCES[kind].read(db)).map((row) => ({ kind, ...row })),
    ),
  );
  return lists
    .flat()
    .sort(
      (a, b) =>
        a.firstApprovedAt.localeCompare(b.firstApprovedAt) ||
        AWAITING_KINDS.indexOf(a.kind) - AWAITING_KINDS.indexOf(b.kind) ||
        a.id.localeCompare(b.id),
    );
}
