import type { Kysely, Selectable, Updateable } from "kysely";
import type { Database } from "#db/schema";
import { AppError } from "../errors";

/**
 * Maker-checker's one step, shared by every kind awaiting a second admin: the tables whose rows
 * wait in "checking" with the maker in `first_approved_by`.
 */
export type AwaitingTable =
  | "withdrawals"
  | "transfers"
  | "presents"
  | "broker_rate_changes"
  | "legal_approvals"
  | "rate_adjustments";

type Row<T extends AwaitingTable> = Selectable<Database[T]>;
type Claimed<T extends AwaitingTable, K extends keyof Row<T>> = Pick<Row<T>, K> & {
  id: string;
  status: string;
  first_approved_by: string | null;
};

/** Why a second decision was refused: unknown, the maker themself, or already decided. */
export function secondDecisionRefusal(
  row: { status: string; first_approved_by: string | null } | undefined,
  adminId: string,
) {
  if (!row) return new AppError("NOT_FOUND", "notFound");
  if (row.status === "checking" && row.first_approved_by === adminId)
    return new AppError("FORBIDDEN", "sameApprover");
  return new AppError("CONFLICT", "notAwaitingApproval");
}

/**
 * Claims the second decision on a row awaiting it, in the caller's transaction: one conditional
 * UPDATE (still "checking", maker not me) writes `set`, so two decisions at once resolve to one
 * and the maker is never the checker; refused otherwise (not found, same admin, too late).
 * Returns the row as read before the update, with the `columns` asked for.
 */
export async function claimSecondDecision<T extends AwaitingTable, K extends keyof Row<T> & string>(
  trx: Kysely<Database>,
  claim: {
    table: T;
    id: string;
    adminId: string;
    set: Updateable<Database[T]>;
    columns?: readonly K[];
  },
): Promise<Claimed<T, K>> {
  // One statement shape for every table; Kysely cannot type a table chosen at run time.
  const t = claim.table as "withdrawals";
  const row = await trx
    .selectFrom(t)
    .select([
      "id",
      "status",
      "first_approved_by",
      ...((claim.columns ?? []) as readonly string[] as "id"[]),
    ])
    .where("id", "=", claim.id)
    .executeTakeFirst();
  const result = await trx
    .updateTable(t)
    .set(claim.set as Updateable<Database["withdrawals"]>)
    .where("id", "=", claim.id)
    .where("status", "=", "checking")
    .where("first_approved_by", "<>", claim.adminId)
    .executeTakeFirst();
  if (!row || Number(result.numUpdatedRows) !== 1) throw secondDecisionRefusal(row, claim.adminId);
  return row as unknown as Claimed<T, K>;
}
