import type { Db } from "../../../db";
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
  const shown = () =>
    db.kysely
      .selectFrom("ranking_totals")
      .where("genre", "=", input.genre)
      .where("period", "=", period)
      .where("hidden", "=", 0);
  // Read in index order (amount, then member id, both descending), then every row tied with
  // the last one, so the ties can be listed by ascending id.
  const first = await shown()
    .select(["user_id", "amount"])
    .where("amount", ">", 0)
    .orderBy("amount", "desc")
    .orderBy("user_id", "desc")
    .limit(TOP)
    .execute();
  const last = first[first.length - 1];
  const tied =
    last && first.length === TOP
      ? await shown().select(["user_id", "amount"]).where("amount", "=", last.amount).execute()
      : [];
  const byId = new Map([...first, ...tied].map((r) => [r.user_id, Number(r.amount)]));
  const sorted = [...byId]
    .map(([userId, amount]) => ({ userId, amount }))
    .sort((a, b) => b.amount - a.amount || (a.userId < b.userId ? -1 : 1))
    .slice(0, TOP);
  const people = new Map(
    sorted.length === 0
      ? []
      : (
          await db.kysely
            .selectFrom("users")
            .select(["id", "nickname", "name"])
            .where(
              "id",
              "in",
              sorted.map((r) => r.userId),
            )
            .execute()
        ).map((u) => [u.id, u]),
  );
  let rank = 0;
  let previous: number | null = null;
  const top = sorted.map((r, i) => {
    if (r.amount !== previous) rank = i + 1;
    previous = r.amount;
    return {
      rank,
      nickname: people.get(r.userId)?.nickname ?? "",
      amount: r.amount,
      isViewer: r.userId === options.viewerId,
      ...(options.withNames ? { userId: r.userId, name: people.get(r.userId)?.name ?? "" } : {}),
    };
  });

  let me: { rank: number | null; amount: number; optedOut: boolean } | null = null;
  if (options.viewerId) {
    const [viewer, own] = await Promise.all([
      db.kysely
        .selectFrom("users")
        .select("ranking_opt_out")
        .where("id", "=", options.viewerId)
        .executeTakeFirst(),
      db.kysely
        .selectFrom("ranking_totals")
        .select(["amount", "hidden"])
        .where("genre", "=", input.genre)
        .where("period", "=", period)
        .where("user_id", "=", options.viewerId)
        .executeTakeFirst(),
    ]);
    const amount = Number(own?.amount ?? 0);
    const optedOut = viewer?.ranking_opt_out === 1;
    let myRank: number | null = null;
    if (!optedOut && own?.hidden === 0 && amount > 0) {
      const above = await shown()
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("amount", ">", amount)
        .executeTakeFirst();
      myRank = Number(above?.n ?? 0) + 1;
    }
    me = { rank: myRank, amount, optedOut };
  }
  return { genre: input.genre, scope: input.scope, range, top, me };
}
