import type { Kysely } from "kysely";
import type { Db } from "../../../db";
import type { Database } from "../../../db/schema";
import type { Genre, RankingInput, Scope } from "./schema";
import { tokyoMonth } from "./summary";

/** Months a scope covers, as "YYYY-MM" bounds (inclusive); null = all time. */
export function scopeMonths(scope: Scope, now = new Date()): { from: string; to: string } | null {
  const month = tokyoMonth(now);
  if (scope === "month") return { from: month, to: month };
  if (scope === "year") return { from: `${month.slice(0, 4)}-01`, to: `${month.slice(0, 4)}-12` };
  return null;
}

type Range = ReturnType<typeof scopeMonths>;

/**
 * Where each genre's amounts come from: one small function per genre, each reading a monthly
 * summary (never raw history), each giving one row per member: user_id, amount. A new genre
 * (affiliate rewards, once their summary exists) is one more entry here.
 */
const SOURCES = {
  cashback: (db: Kysely<Database>, range: Range) =>
    db
      .selectFrom("cashback_monthly")
      .select(["user_id", (eb) => eb.fn.sum<number>("amount").as("amount")])
      .$if(range !== null, (q) =>
        q.where("month", ">=", range!.from).where("month", "<=", range!.to),
      )
      .groupBy("user_id"),
  withdrawal: (db: Kysely<Database>, range: Range) =>
    db
      .selectFrom("withdrawal_monthly")
      .select(["user_id", (eb) => eb.fn.sum<number>("amount").as("amount")])
      .$if(range !== null, (q) =>
        q.where("month", ">=", range!.from).where("month", "<=", range!.to),
      )
      .groupBy("user_id"),
  affiliate: (db: Kysely<Database>, range: Range) =>
    db
      .selectFrom("affiliate_daily")
      .select(["referrer_id as user_id", (eb) => eb.fn.sum<number>("rewards").as("amount")])
      .$if(range !== null, (q) =>
        q.where("day", ">=", `${range!.from}-01`).where("day", "<=", `${range!.to}-31`),
      )
      .groupBy("referrer_id"),
} satisfies Record<Genre, unknown>;

export const TOP = 100;

/**
 * The ranking of a genre and scope: the top 100 members who have not opted out, and the
 * viewer's own place. Ties share a rank (1, 2, 2, 4: one plus the number of members with more)
 * and are listed by member id, so the order never changes between requests.
 *
 * The per-member sums are read from the summary's covering index and never joined to every
 * member: the top rows are taken first and their members looked up by id (members who are
 * left out are skipped, reading further when needed), and the viewer's rank counts the sums
 * above theirs, less those of the members left out (found by their flag's index).
 */
export async function ranking(
  db: Db,
  input: RankingInput,
  options: { viewerId?: string; withNames?: boolean; now?: Date } = {},
) {
  const range = scopeMonths(input.scope, options.now);
  const totals = () => SOURCES[input.genre](db.kysely, range).as("t");
  let rows: { user_id: string; amount: number; nickname: string; name: string }[] = [];
  for (let limit = TOP + 20; ; limit *= 4) {
    const sums = await db.kysely
      .selectFrom(totals())
      .select(["t.user_id", "t.amount"])
      .where("t.amount", ">", 0)
      .orderBy("t.amount", "desc")
      .orderBy("t.user_id", "asc")
      .limit(limit)
      .execute();
    const people =
      sums.length === 0
        ? []
        : await db.kysely
            .selectFrom("users")
            .select(["id", "nickname", "name", "ranking_opt_out", "permission"])
            .where(
              "id",
              "in",
              sums.map((r) => r.user_id),
            )
            .execute();
    const shown = new Map(
      people
        .filter((p) => p.ranking_opt_out === 0 && p.permission === "member")
        .map((p) => [p.id, p]),
    );
    rows = sums
      .filter((r) => shown.has(r.user_id))
      .map((r) => ({
        user_id: r.user_id,
        amount: Number(r.amount),
        nickname: shown.get(r.user_id)!.nickname,
        name: shown.get(r.user_id)!.name,
      }));
    if (rows.length >= TOP || sums.length < limit) break;
  }
  rows = rows.slice(0, TOP);
  let rank = 0;
  let previous: number | null = null;
  const top = rows.map((r, i) => {
    const amount = r.amount;
    if (amount !== previous) rank = i + 1;
    previous = amount;
    return {
      rank,
      nickname: r.nickname,
      amount,
      isViewer: r.user_id === options.viewerId,
      ...(options.withNames ? { userId: r.user_id, name: r.name } : {}),
    };
  });

  let me: { rank: number | null; amount: number; optedOut: boolean } | null = null;
  if (options.viewerId) {
    const viewer = await db.kysely
      .selectFrom("users")
      .select("ranking_opt_out")
      .where("id", "=", options.viewerId)
      .executeTakeFirst();
    const own = await db.kysely
      .selectFrom(totals())
      .select("t.amount")
      .where("t.user_id", "=", options.viewerId)
      .executeTakeFirst();
    const amount = Number(own?.amount ?? 0);
    const optedOut = viewer?.ranking_opt_out === 1;
    let myRank: number | null = null;
    if (!optedOut && amount > 0) {
      const above = (leftOut?: "optedOut" | "notMember") =>
        db.kysely
          .selectFrom(totals())
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("t.amount", ">", amount)
          .$if(leftOut === "optedOut", (q) =>
            q.where("t.user_id", "in", (eb) =>
              eb.selectFrom("users").select("users.id").where("users.ranking_opt_out", "=", 1),
            ),
          )
          .$if(leftOut === "notMember", (q) =>
            q.where("t.user_id", "in", (eb) =>
              eb
                .selectFrom("users")
                .select("users.id")
                .where("users.permission", "!=", "member")
                .where("users.ranking_opt_out", "=", 0),
            ),
          )
          .executeTakeFirst()
          .then((r) => Number(r?.n ?? 0));
      const [all, optedOutAbove, notMemberAbove] = await Promise.all([
        above(),
        above("optedOut"),
        above("notMember"),
      ]);
      myRank = all - optedOutAbove - notMemberAbove + 1;
    }
    me = { rank: myRank, amount, optedOut };
  }
  return { genre: input.genre, scope: input.scope, range, top, me };
}
