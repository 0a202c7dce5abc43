/**
 * The import benchmark's floors: the same rows written with a plain batched INSERT into a bare
 * table, and (MariaDB) into bare copies of the history, staging and daily summary tables, and
 * by LOAD DATA LOCAL INFILE; an import's rate is compared with these.
 */
import { Readable } from "node:stream";
import { type Insertable, sql } from "kysely";
import { createConnection } from "mysql2/promise";
import type { Db } from "#db";
import { newId } from "#db/id";
import type { Database } from "#db/schema";
import type { Account, Row } from "./import-data";

export async function measureFloors(
  db: Db,
  run: {
    sqlite: boolean;
    /** The benchmark's database on the MariaDB server. */
    url: string;
    now: string;
    brokerId: string;
    accounts: Account[];
    recordOf: (i: number) => Row;
    slices: (size: number) => Generator<Row[]>;
  },
) {
  const { now, brokerId, accounts, recordOf, slices } = run;
  const SQLITE = run.sqlite;
  const ACCOUNTS = accounts.length;
  // Baseline: the same rows, batched INSERT into a bare table with a primary key.
  await sql`create table bench_plain (id ${sql.raw(SQLITE ? "integer primary key autoincrement" : "bigint auto_increment primary key")}, trade_date varchar(10), broker varchar(32), account varchar(32), lots varchar(16), amount varchar(32), currency varchar(8), row_key varchar(100)) ${sql.raw(SQLITE ? "" : "engine=InnoDB")}`.execute(
    db.kysely,
  );
  const plainStart = performance.now();
  for (const slice of slices(1000)) {
    await sql`insert into bench_plain (trade_date, broker, account, lots, amount, currency, row_key) values ${sql.join(slice.map((r) => sql`(${sql.join(r)})`))}`.execute(
      db.kysely,
    );
  }
  const plainSeconds = (performance.now() - plainStart) / 1000;

  /** Seconds to write the report's rows, as `rowOf` shapes them, into a copy of `like`. */
  const timedInsert = async <T extends keyof Database>(
    table: string,
    like: T,
    rowOf: (r: Row, i: number) => Insertable<Database[T]>,
  ) => {
    const start = performance.now();
    let at = 0;
    for (const slice of slices(1000)) {
      const rows = slice.map((r, j) => rowOf(r, at + j));
      // The copy has the same columns as `like`; Kysely types the statement by that name.
      await db.kysely
        .insertInto(table as T)
        .values(rows as never)
        .execute();
      at += slice.length;
    }
    return (performance.now() - start) / 1000;
  };

  let historySeconds = NaN;
  let loadSeconds = NaN;
  let stagingSeconds = NaN;
  let dailySeconds = NaN;
  if (!SQLITE) {
    // The floor of any import that keeps a history row per report row: the same rows written
    // once into a table shaped like the cashback history (its unique source key and the
    // indexes its pages read; `create table … like` copies indexes, not foreign keys).
    await sql`create table bench_history like cashbacks`.execute(db.kysely);
    const historyOf = (r: Row, i: number) => ({
      id: newId(),
      source_key: `${brokerId}|${r[2]}|${r[0]}|${r[6]}`,
      user_id: accounts[i % ACCOUNTS]!.user_id,
      broker_account_id: accounts[i % ACCOUNTS]!.id,
      broker_id: brokerId,
      trade_date: r[0],
      lots_milli: Math.round(Number(r[3]) * 1000),
      amount: Number(r[4]),
      batch_id: "bench",
      ledger_tx_id: "bench",
      created_at: now,
    });
    historySeconds = await timedInsert("bench_history", "cashbacks", historyOf);

    // The two other tables a report row is written to whatever the SQL: the staging row the
    // preview keeps for the admin to review and the commit to resume from, and the daily
    // summary row (in this report every account trades once a day, so one per row). Each is
    // written alone, as the history above, shaped by `create table … like` (indexes, no
    // foreign keys); a plain INSERT, cheaper than the commit's upsert. Their sum with the
    // history's is a floor under any import that keeps these guarantees.
    await sql`create table bench_staging like import_rows`.execute(db.kysely);
    await sql`create table bench_daily like cashback_daily`.execute(db.kysely);
    stagingSeconds = await timedInsert("bench_staging", "import_rows", (r, i) => ({
      id: newId(),
      batch_id: "bench",
      line_no: i + 2,
      status: "matched" as const,
      error: null,
      trade_date: r[0],
      broker_id: brokerId,
      broker_text: r[1],
      account_number: r[2],
      lots_milli: Math.round(Number(r[3]) * 1000),
      amount_text: r[4],
      currency: r[5],
      amount_yen: Number(r[4]),
      priced: 0,
      row_key: r[6],
      broker_account_id: accounts[i % ACCOUNTS]!.id,
      user_id: accounts[i % ACCOUNTS]!.user_id,
      chunk_no: Math.floor(i / 5000),
      expected_yen: null,
      source_key: `${brokerId}|${r[2]}|${r[0]}|${r[6]}`,
    }));
    dailySeconds = await timedInsert("bench_daily", "cashback_daily", (r, i) => ({
      broker_account_id: accounts[i % ACCOUNTS]!.id,
      day: r[0],
      user_id: accounts[i % ACCOUNTS]!.user_id,
      broker_id: brokerId,
      amount: Number(r[4]),
      lots_milli: Math.round(Number(r[3]) * 1000),
      rows: 1,
    }));

    // The same history rows through LOAD DATA LOCAL INFILE, MariaDB's fastest way in (the
    // server parses the rows; no SQL text per row): what a MySQL-only importer could get for
    // its history, still before staging, summaries and ledger.
    await sql`create table bench_history_load like cashbacks`.execute(db.kysely);
    const columns = Object.keys(historyOf(recordOf(0), 0)) as (keyof ReturnType<
      typeof historyOf
    >)[];
    const tsvPieces = function* () {
      let i = 0;
      for (const slice of slices(1000)) {
        yield Buffer.from(
          slice
            .map((r, j) => `${columns.map((c) => String(historyOf(r, i + j)[c])).join("\t")}\n`)
            .join(""),
        );
        i += slice.length;
      }
    };
    const loader = await createConnection({ uri: run.url, flags: ["+LOCAL_FILES"] });
    const loadStart = performance.now();
    try {
      await loader.query({
        sql: `load data local infile 'history.tsv' into table bench_history_load fields terminated by '\\t' lines terminated by '\\n' (${columns.join(", ")})`,
        // A thousand rows per packet: one buffer of the whole file would exceed
        // max_allowed_packet (and hold every row).
        infileStreamFactory: () => Readable.from(tsvPieces()),
      } as Parameters<typeof loader.query>[0]);
    } finally {
      await loader.end();
    }
    loadSeconds = (performance.now() - loadStart) / 1000;
  }
  return { plainSeconds, historySeconds, loadSeconds, stagingSeconds, dailySeconds };
}
