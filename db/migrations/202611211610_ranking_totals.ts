import { sql } from "kysely";
import { createTable, index, isMysql, type MigrationDb, ownedBy, types } from "./support";

/**
 * The ranking's totals per genre, period and member, so a ranking page reads its top rows and
 * the viewer's rank from an index instead of summing a month's summary rows for every member
 * on every request (about 0.1 s per sum at 100,000 members, 1 s for a year; docs/benchmarks.md).
 *
 * period is a Tokyo month "YYYY-MM", a year "YYYY" or "all". hidden is 1 for a member who
 * opted out of the rankings and for anyone who is not a member: they are left out.
 *
 * The totals are kept by triggers on the three summaries the genres read (cashback_monthly,
 * withdrawal_monthly, affiliate_daily) and on the two user columns hidden depends on, so every
 * writer of a summary — the import, a withdrawal's completion, an affiliate reward, a fixture
 * — keeps them exact in its own transaction without knowing about them. Filled here from the
 * summaries as they are.
 */

const SOURCES = [
  // [genre, summary table, member column, month expression, amount column]
  ["cashback", "cashback_monthly", "user_id", "month", "amount"],
  ["withdrawal", "withdrawal_monthly", "user_id", "month", "amount"],
  ["affiliate", "affiliate_daily", "referrer_id", "substr(day, 1, 7)", "rewards"],
] as const;

/** The SQL that adds `amountExpr` to the member's three totals (month, year, all time). */
function addTotals(
  mysql: boolean,
  genre: string,
  row: "NEW" | "OLD",
  userCol: string,
  monthExpr: string,
  amountExpr: string,
): string {
  const month = monthExpr.replace(/\b(month|day)\b/, `${row}.$1`);
  const user = `${row}.${userCol}`;
  const periods = `(select ${month} as period union all select substr(${month}, 1, 4) union all select 'all') p`;
  const hidden = `coalesce((select u.ranking_opt_out <> 0 or u.permission <> 'member' from users u where u.id = ${user}), 0)`;
  const insert = `insert into ranking_totals (genre, period, user_id, amount, hidden) select '${genre}', p.period, ${user}, ${amountExpr}, ${hidden} from ${periods} where 1 = 1`;
  return mysql
    ? `${insert} on duplicate key update amount = ranking_totals.amount + values(amount)`
    : `${insert} on conflict (genre, period, user_id) do update set amount = amount + excluded.amount`;
}

/** The statements creating the triggers (the cashback ones are dropped by 202611270110). */
export function triggers(mysql: boolean): string[] {
  const out: string[] = [];
  for (const [genre, table, userCol, monthExpr, amountCol] of SOURCES) {
    const events = [
      ["ins", "insert", "NEW", `NEW.${amountCol}`],
      ["upd", "update", "NEW", `NEW.${amountCol} - OLD.${amountCol}`],
      ["del", "delete", "OLD", `-OLD.${amountCol}`],
    ] as const;
    for (const [suffix, event, row, amount] of events) {
      const body = addTotals(mysql, genre, row, userCol, monthExpr, amount);
      const name = `ranking_${genre}_${suffix}`;
      out.push(
        mysql
          ? `create trigger ${name} after ${event} on ${table} for each row ${body}`
          : `create trigger ${name} after ${event} on ${table} begin ${body}; end`,
      );
    }
  }
  const hide = `update ranking_totals set hidden = (NEW.ranking_opt_out <> 0 or NEW.permission <> 'member') where user_id = NEW.id`;
  out.push(
    mysql
      ? `create trigger ranking_users_upd after update on users for each row ${hide} and (NEW.ranking_opt_out <> OLD.ranking_opt_out or NEW.permission <> OLD.permission)`
      : `create trigger ranking_users_upd after update of ranking_opt_out, permission on users begin ${hide}; end`,
  );
  return out;
}

export async function up(db: MigrationDb): Promise<void> {
  const mysql = isMysql(db);
  await createTable(db, "ranking_totals")
    .addColumn("genre", "varchar(16)", (c) => c.notNull())
    .addColumn("period", "varchar(7)", (c) => c.notNull())
    .addColumn("user_id", types.id, ownedBy("users.id"))
    .addColumn("amount", types.money, (c) => c.notNull())
    .addColumn("hidden", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("ranking_totals_pk", ["genre", "period", "user_id"])
    .execute();
  // The top rows and the rank: by amount within a genre and period, shown members only.
  await index(db, "ranking_totals_rank_idx", "ranking_totals", [
    "genre",
    "period",
    "hidden",
    "amount",
  ]);
  await index(db, "ranking_totals_user_idx", "ranking_totals", ["user_id"]);

  await fillRankingTotals(db);
  for (const statement of triggers(mysql)) await sql.raw(statement).execute(db);
}

/**
 * Fills an empty ranking_totals from the summaries as they are (also used by bench/seed.ts,
 * which loads the summaries with the triggers off).
 */
export async function fillRankingTotals(db: MigrationDb): Promise<void> {
  for (const [genre, table, userCol, monthExpr, amountCol] of SOURCES) {
    for (const period of [monthExpr, `substr(${monthExpr}, 1, 4)`, "'all'"]) {
      await sql
        .raw(
          `insert into ranking_totals (genre, period, user_id, amount, hidden) select '${genre}', ${period}, ${userCol}, sum(${amountCol}), 0 from ${table} group by ${period === "'all'" ? "" : `${period}, `}${userCol}`,
        )
        .execute(db);
    }
  }
  await sql
    .raw(
      `update ranking_totals set hidden = 1 where user_id in (select id from users where ranking_opt_out <> 0 or permission <> 'member')`,
    )
    .execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  for (const [genre] of SOURCES) {
    for (const suffix of ["ins", "upd", "del"]) {
      await sql.raw(`drop trigger if exists ranking_${genre}_${suffix}`).execute(db);
    }
  }
  await sql.raw("drop trigger if exists ranking_users_upd").execute(db);
  await db.schema.dropTable("ranking_totals").execute();
}
