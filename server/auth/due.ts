import type { Expression, Kysely, SelectQueryBuilder } from "kysely";
import type { Database } from "#db/schema";

/**
 * What features may have waiting for a member on their next page, one flag each. Empty here:
 * each feature adds its own flag where it registers its check (`declare module` on this file),
 * so the session knows the flags' names only through the features, never the other way round.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by augmentation
export interface DueOnNextPage {}

export type DueName = keyof DueOnNextPage & string;

/**
 * A feature's "something is due": a query whose rows exist while it is, for the member whose id
 * is `userId` at `now` (both stand-ins of the session statement: pass them to Kysely as values).
 */
export type DueCheck = (
  kysely: Kysely<Database>,
  userId: Expression<string>,
  now: string,
) =>
  | SelectQueryBuilder<Database, never, unknown>
  | SelectQueryBuilder<Database, keyof Database, unknown>;

const checks = new Map<DueName, DueCheck>();

/**
 * Registers a feature's check. Each becomes one EXISTS in the session's own statement, so the
 * shell learns what is due without a query of its own. Register when the feature's module is
 * loaded (its router): the session statement is built again when the set of checks grew.
 */
export function registerDue(name: DueName, check: DueCheck): void {
  if (checks.has(name)) throw new Error(`registerDue("${name}"): registered twice`);
  checks.set(name, check);
}

/** The registered checks, for building the session statement. */
export function dueChecks(): ReadonlyMap<DueName, DueCheck> {
  return checks;
}

/** The flags of a session row: each registered check's column, true when its rows exist. */
export function dueFlags(row: Record<string, unknown>): DueOnNextPage {
  const flags: Record<string, boolean> = {};
  for (const name of checks.keys()) flags[name] = Boolean(row[dueColumn(name)]);
  return flags as unknown as DueOnNextPage;
}

/** The session statement's column for a check. */
export function dueColumn(name: DueName): string {
  return `due_${name}`;
}
