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
 */
export async function ranking(
  db: Db,
  input: RankingInput,
  options: { viewerId?: string; withNames?: boolean; now?: Date } = {},
) {
  const range = scopeMonths(input.scope, options.now);
  const totals = () => SOURCES[input.genre](db.kysely, range).as("t");
  const rows = await db.kysely
    .selectFrom(totals())
    .innerJoin("users", "users.id", "t.user_id")
    .select(["t.user_id", "t.amount", "users.nickname", "users.name"])
    .where("users.ranking_opt_out", "=", 0)
    .where("users.permission", "=", "member")
    .where("t.amount", ">", 0)
    .orderBy("t.amount", "desc")
    .orderBy("t.user_id", "asc")
    .limit(TOP)
    .execute();
  let rank = 0;
  let previous: number | null = null;
  const top = rows.map((r, i) => {
    const amount = Number(r.amount);
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
      const above = await db.kysely
        .selectFrom(totals())
        .innerJoin("users", "users.id", "t.user_id")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("users.ranking_opt_out", "=", 0)
        .where("users.permission", "=", "member")
        .where("t.amount", ">", amount)
        .executeTakeFirst();
      myRank = Number(above?.n ?? 0) + 1;
    }
    me = { rank: myRank, amount, optedOut };
  }
  return { genre: input.genre, scope: input.scope, range, top, me };
}
