import { type Expression, type SelectQueryBuilder, type SqlBool, sql } from "kysely";

/**
 * Campaigns, gachas and popups run for a window [starts_at, ends_at): before it they are
 * upcoming, inside it open, from its end on ended. One definition for the row in memory and for
 * the SQL that filters and orders the lists, so a row's badge and the list it shows up under
 * always agree. Plain comparisons of the fixed-width UTC text: the same on both engines.
 */

export type Phase = "upcoming" | "open" | "ended";

/** The tables that carry a window in `starts_at` and `ends_at`. */
export type ScheduledTable = "campaigns" | "gachas" | "popups";

/** Where `now` stands in the row's window. */
export function phaseAt(row: { starts_at: string; ends_at: string }, now: string): Phase {
  if (now < row.starts_at) return "upcoming";
  if (now >= row.ends_at) return "ended";
  return "open";
}

/** The rows of `table` in `phase` at `now`, as a where condition. */
export function inPhase(table: ScheduledTable, phase: Phase, now: string): Expression<SqlBool> {
  const starts = sql.ref(`${table}.starts_at`);
  const ends = sql.ref(`${table}.ends_at`);
  switch (phase) {
    case "upcoming":
      return sql<SqlBool>`${starts} > ${now}`;
    case "ended":
      return sql<SqlBool>`${ends} <= ${now}`;
    case "open":
      return sql<SqlBool>`(${starts} <= ${now} and ${ends} > ${now})`;
  }
}

/**
 * The order a member's list shows, for `paginate`: open first, then upcoming, then ended (`dir`
 * "desc" turns the phases round); open and upcoming the soonest to end first, ended the latest
 * to end first; the newest id breaks ties.
 */
export function byPhase(table: ScheduledTable, now: string, dir: "asc" | "desc") {
  const starts = sql.ref(`${table}.starts_at`);
  const ends = sql.ref(`${table}.ends_at`);
  return <DB, TB extends keyof DB, O>(q: SelectQueryBuilder<DB, TB, O>) =>
    q
      .orderBy(
        sql`case when ${starts} > ${now} then 1 when ${ends} <= ${now} then 2 else 0 end`,
        dir,
      )
      .orderBy(sql`case when ${ends} <= ${now} then null else ${ends} end`, "asc")
      .orderBy(ends, "desc")
      .orderBy(sql.ref(`${table}.id`), "desc");
}
