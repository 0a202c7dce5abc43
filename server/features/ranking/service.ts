import type { Kysely } from "kysely";
import type { Db } from "#db";
import { prepared } from "#db/prepared";
import type { Database } from "#db/schema";
import type { RankingInput, Scope } from "./schema";
import { tokyoMonth } from "./summary";

/** Months a scope covers, as "YYYY-MM" bounds (inclusive); null = all time. */
export function scopeMonths(scope: Scope, now = new Date()): { from: string; to: string } | null {
  const month = tokyoMonth(now);
  if (scope === "month") return { from: month, to: month };
  if (scope === "year") return { from: `${month.slice(0, 4)}-01`, to: `${month.slice(0, 4)}-12` };
  return null;
}

/** The ranking_totals period of a scope: this Tokyo month, this year, or "all". */
export function scopePeriod(scope: Scope, now = new Date()): string {
  const month = tokyoMonth(now);
  return scope === "month" ? month : scope === "year" ? month.slice(0, 4) : "all";
}

export const TOP = 100;

/** The members shown in a genre's ranking for a period (not opted out, not hidden). */
function shown(kysely: Kysely<Database>, genre: RankingInput["genre"], period: string) {
  return kysely
    .selectFrom("ranking_totals")
    .where("ranking_totals.genre", "=", genre)
    .where("ranking_totals.period", "=", period)
    .where("ranking_totals.hidden", "=", 0);
}

/** The shown members with their names (one query: a primary-key lookup per row shown). */
function withPeople(kysely: Kysely<Database>, genre: RankingInput["genre"], period: string) {
  return shown(kysely, genre, period)
    .innerJoin("users", "users.id", "ranking_totals.user_id")
    .select(["ranking_totals.user_id", "ranking_totals.amount", "users.nickname", "users.name"]);
}

// The ranking's statements are built once (db/prepared): the page runs them on every visit,
// and building them with Kysely cost about as much CPU as SQLite took to answer them.

/** The top rows in index order (amount, then member id, both descending). */
const topRows = prepared(
  2,
  (kysely: Kysely<Database>, genre: RankingInput["genre"], period: string) =>
    withPeople(kysely, genre, period)
      .where("ranking_totals.amount", ">", 0)
      .orderBy("ranking_totals.amount", "desc")
      .orderBy("ranking_totals.user_id", "desc")
      .limit(TOP),
);

/** Every shown row with this amount: the ties of the last top row. */
const tiedRows = prepared(
  3,
  (kysely: Kysely<Database>, genre: RankingInput["genre"], period: string, amount: number) =>
    withPeople(kysely, genre, period).where("ranking_totals.amount", "=", amount),
);

/**
 * The viewer's choice, their total, and (only when they are shown) how many are above them,
 * counted on the same index as the top rows.
 */
const viewerPlace = prepared(
  3,
  (kysely: Kysely<Database>, viewerId: string, genre: RankingInput["genre"], period: string) =>
    kysely
      .selectFrom("users")
      .leftJoin("ranking_totals as own", (join) =>
        join
          .onRef("own.user_id", "=", "users.id")
          .on("own.genre", "=", genre)
          .on("own.period", "=", period),
      )
      .select((eb) => [
        "users.ranking_opt_out",
        "own.amount",
        "own.hidden",
        eb
          .case()
          .when(
            eb.and([
              eb("users.ranking_opt_out", "=", 0),
              eb("own.hidden", "=", 0),
              eb("own.amount", ">", 0),
            ]),
          )
          .then(
            shown(kysely, genre, period)
              .select((inner) => inner.fn.countAll<number>().as("n"))
              .where("ranking_totals.amount", ">", eb.ref("own.amount")),
          )
          .end()
          .as("above"),
      ])
      .where("users.id", "=", viewerId),
);

/**
 * The ranking of a genre and scope: the top 100 members who have not opted out, and the
 * viewer's own place. Ties share a rank (1, 2, 2, 4: one plus the number of members with more)
 * and are listed by member id, so the order never changes between requests.
 *
 * Amounts come from ranking_totals (per genre, period and member, kept by triggers on the
 * genres' summaries; members left out are marked hidden): the top rows and the viewer's rank
 * are read from its (genre, period, hidden, amount) index, never summed per request.
 */
export async function ranking(
  db: Db,
  input: RankingInput,
  options: { viewerId?: string; withNames?: boolean; now?: Date } = {},
) {
  const range = scopeMonths(input.scope, options.now);
  const period = scopePeriod(input.scope, options.now);
  // Read in index order, then every row tied with the last one, so the ties can be listed
  // by ascending id.
  const first = await topRows(db.kysely, input.genre, period);
  const last = first[first.length - 1];
  const tied =
    last && first.length === TOP ? await tiedRows(db.kysely, input.genre, period, last.amount) : [];
  const byId = new Map(
    [...first, ...tied].map((r) => [
      r.user_id,
      { userId: r.user_id, amount: Number(r.amount), nickname: r.nickname, name: r.name },
    ]),
  );
  const sorted = [...byId.values()]
    .sort((a, b) => b.amount - a.amount || (a.userId < b.userId ? -1 : 1))
    .slice(0, TOP);
  let rank = 0;
  let previous: number | null = null;
  const top = sorted.map((r, i) => {
    if (r.amount !== previous) rank = i + 1;
    previous = r.amount;
    return {
      rank,
      nickname: r.nickname,
      amount: r.amount,
      isViewer: r.userId === options.viewerId,
      ...(options.withNames ? { userId: r.userId, name: r.name } : {}),
    };
  });

  let me: { rank: number | null; amount: number; optedOut: boolean } | null = null;
  const listed = top.find((r) => r.isViewer);
  if (listed) {
    // A viewer in the list is shown, so neither opted out nor hidden (`hidden` follows the
    // opt-out and the permission, summary.ts), and their rank counts the amounts above them
    // as the query below would: their place is already known.
    me = { rank: listed.rank, amount: listed.amount, optedOut: false };
  } else if (options.viewerId) {
    const [viewer] = await viewerPlace(db.kysely, options.viewerId, input.genre, period);
    const amount = Number(viewer?.amount ?? 0);
    const optedOut = viewer?.ranking_opt_out === 1;
    const shownToo = !optedOut && viewer?.hidden === 0 && amount > 0;
    me = { rank: shownToo ? Number(viewer?.above ?? 0) + 1 : null, amount, optedOut };
  }
  return { genre: input.genre, scope: input.scope, range, top, me };
}
