import { type Kysely, sql } from "kysely";
import type { Database } from "#db/schema";
import { type ReportItem, yieldToOthers } from "./report";
import { type BatchRead, onConnection } from "./batch-reads";
import { createHash } from "node:crypto";
import {
  approvedAccounts,
  classifyRows,
  existingSources,
  countRateMismatches,
  type ImportDeps,
  type NewRow,
  type PreviewContext,
  sourceKey,
} from "./import";

/**
 * The preview's staging table: classified rows written a batch at a time, repeats within the
 * file marked, and the matched rows numbered into the chunks the commit credits one by one.
 */

/** Rows credited per transaction: big enough to be fast, small enough to keep locks short. */
export const CHUNK = 5_000;

/**
 * Report lines staged per transaction by a preview: one read batch, one progress step. Small,
 * since on SQLite each batch's reads and writes hold the thread every request runs on.
 */
export const STAGE_ROWS = 500;

/** Writes one batch of classified rows to the staging table, in the caller's transaction. */
export async function stageRows(trx: Kysely<Database>, rows: NewRow[]) {
  // 1,000 rows of 20 columns stay under SQLite's 32,766 bound parameters.
  for (let i = 0; i < rows.length; i += 1000) {
    await trx
      .insertInto("import_rows")
      .values(rows.slice(i, i + 1000))
      .execute();
  }
}

/**
 * The preview's outer loop: the report's lines, a batch at a time (an async iterable of line
 * arrays, read as a stream), classified and staged, each batch in its own transaction with
 * the job's progress (`progress.save`, which also checks the job's lease). A job taken over
 * skips the `progress.done` lines its earlier worker staged. Rows are staged in the same
 * transaction as the progress that counts them, so nothing should lie beyond it; whatever
 * does is removed by the run's first batch, once: a line is never staged twice.
 */
export async function stagePreview(
  deps: ImportDeps,
  batchId: string,
  context: PreviewContext,
  lines: AsyncIterable<ReportItem[]>,
  progress: {
    done: number;
    shouldStop?: (() => boolean) | undefined;
    save: (trx: Kysely<Database>, done: number, mismatched: number) => Promise<void>;
  },
): Promise<"staged" | "stopped"> {
  let read = 0;
  let cleared = false;
  for await (const batch of lines) {
    // A batch's classifying and its transaction hold the thread on SQLite: others go between.
    await yieldToOthers();
    const fresh = batch.slice(Math.max(0, progress.done - read));
    read += batch.length;
    if (fresh.length === 0) continue;
    if (progress.shouldStop?.()) return "stopped";
    const rows = await classifyRows(deps.db.kysely, batchId, fresh, context);
    const done = read;
    await deps.db.kysely.transaction().execute(async (trx) => {
      if (!cleared) {
        await trx
          .deleteFrom("import_rows")
          .where("batch_id", "=", batchId)
          .where("line_no", ">=", fresh[0]!.line)
          .execute();
      }
      await stageRows(trx, rows);
      await progress.save(trx, done, countRateMismatches(rows));
    });
    cleared = true;
  }
  return "staged";
}

/**
 * Identical rows of one file are as many trades. A row without the report's own key is known by
 * its content (account, day, volume, amount or commission, symbol); the nth row of the file with
 * the same content is told apart by its occurrence, "#n" after the key, so that a later upload
 * matches each of them once: re-uploading the file credits nothing, a report repeating a week
 * credits only its new rows. The first keeps the plain key, so rows credited before occurrences
 * were counted are still recognised. A renamed row is looked up again: already credited under
 * its own key (duplicate), or new (matched or unmatched). In one transaction, and a second run
 * finds nothing to rename: safe to repeat.
 */
export async function numberIdentical(
  db: Kysely<Database>,
  batchId: string,
  read: BatchRead = onConnection(db),
) {
  // The search reads the whole batch: where it holds nobody up (batch-reads.ts), before the
  // transaction. The preview job is the batch's only writer until it ends.
  const found = await read(
    sql<{
      id: string;
      broker_id: string;
      account_number: string;
      trade_date: string;
      row_key: string;
      status: string;
      n: number;
    }>`
      select id, broker_id, account_number, trade_date, row_key, status, n from (
        select id, broker_id, account_number, trade_date, row_key, status, row_number() over (
          partition by broker_id, account_number, trade_date, row_key order by line_no
        ) as n
        from import_rows
        where batch_id = ${batchId} and status <> 'error' and row_key like '~%'
      ) identical
      where n > 1`.compile(db),
  );
  if (found.length === 0) return;
  await db.transaction().execute(async (trx) => {
    const renamed = found.map((r) => {
      const plain = `${r.row_key}#${r.n}`;
      const rowKey =
        plain.length <= 100
          ? plain
          : `~${createHash("sha256").update(r.row_key).digest("hex").slice(0, 40)}#${r.n}`;
      return {
        ...r,
        rowKey,
        sourceKey: sourceKey(r.broker_id, r.account_number, r.trade_date, rowKey),
      };
    });
    const credited = await existingSources(
      trx,
      renamed.map((r) => r.sourceKey),
    );
    const accounts = await approvedAccounts(
      trx,
      renamed.map((r) => ({ brokerId: r.broker_id, account: r.account_number })),
    );
    for (const r of renamed) {
      const account = accounts.get(`${r.broker_id}|${r.account_number}`);
      const status = credited.has(r.sourceKey) ? "duplicate" : account ? "matched" : "unmatched";
      await trx
        .updateTable("import_rows")
        .set({
          row_key: r.rowKey,
          source_key: r.sourceKey,
          status,
          broker_account_id: status === "matched" ? account!.id : null,
          user_id: status === "matched" ? account!.userId : null,
        })
        .where("id", "=", r.id)
        .execute();
    }
  });
}

/** Repeats marked per step by `markRepeats`: the ids held at once. */
const REPEATS_PER_STEP = 10_000;

/**
 * A row repeated later in the same file (same broker, account, day and row key) is a
 * duplicate: the first stays as it was classified, every later one becomes "duplicate". The
 * repeats are found by one windowed read (usually there are none), then marked by id, a slice
 * at a time: MariaDB runs an UPDATE … WHERE id IN (subquery) as one subquery per row. Safe to
 * repeat.
 */
export async function markRepeats(
  db: Kysely<Database>,
  batchId: string,
  read: BatchRead = onConnection(db),
) {
  for (;;) {
    const repeats = await read(
      sql<{ id: string }>`
      select id from (
        select id, status, row_number() over (
          partition by broker_id, account_number, trade_date, row_key order by line_no
        ) as n
        from import_rows where batch_id = ${batchId} and status <> 'error'
      ) repeats
      where n > 1 and status in ('matched', 'unmatched')
      limit ${REPEATS_PER_STEP}`.compile(db),
    );
    if (repeats.length === 0) return;
    const ids = repeats.map((r) => r.id);
    for (let i = 0; i < ids.length; i += 1000) {
      await db
        .updateTable("import_rows")
        .set({ status: "duplicate", broker_account_id: null, user_id: null })
        .where("id", "in", ids.slice(i, i + 1000))
        .execute();
    }
  }
}

/** Chunks numbered per UPDATE by `numberChunks`. */
const CHUNKS_PER_STEP = 100;

/** Rows numbered per UPDATE when numbering in pieces (`numberChunks`, `inPieces`). */
export const NUMBER_PIECE = 500;

/**
 * Numbers the batch's matched rows that have no chunk yet (every one after a preview; those a
 * re-run matched again) into chunks after every chunk so far, as `planChunks` plans them from
 * the members' row counts. A chunk is a run of members in id order, so a row's chunk is the
 * first whose last member's id is not below its own member's: one UPDATE with a CASE over
 * those ids per hundred chunks (one UPDATE per chunk read the whole batch each time). Safe to
 * repeat: only rows without a chunk change.
 *
 * `inPieces` (SQLite, where a statement holds the thread that runs it): the rows' ids are read
 * with the members' (by `read`, off the thread), and numbered a few hundred rows per UPDATE by
 * id, a member's rows in one statement, with the event loop handed back between: one UPDATE
 * over the batch held every other request for about a second per 100,000 rows. Stopped
 * half-way, a member's rows are all numbered or none, so a re-run still keeps them together.
 */
export async function numberChunks(
  db: Kysely<Database>,
  batchId: string,
  read: BatchRead = onConnection(db),
  options: { inPieces?: boolean; readRows?: number } = {},
) {
  if (options.inPieces)
    return numberChunksInPieces(db, batchId, read, options.readRows ?? NUMBER_READ_ROWS);
  const first = await firstFreeChunk(db, batchId);
  const members = await read(
    db
      .selectFrom("import_rows")
      .select(["user_id", (eb) => eb.fn.countAll<number>().as("n")])
      .where("batch_id", "=", batchId)
      .where("status", "=", "matched")
      .where("chunk_no", "is", null)
      .groupBy("user_id")
      .orderBy("user_id")
      .compile(),
  );
  const plan = planChunks(
    members.map((m) => [m.user_id!, Number(m.n)]),
    first,
  );
  // Each chunk's last member, in chunk order.
  const lastMember = new Map<number, string>();
  for (const [userId, chunk] of plan) lastMember.set(chunk, userId);
  const ends = [...lastMember];
  for (let i = 0; i < ends.length; i += CHUNKS_PER_STEP) {
    const step = ends.slice(i, i + CHUNKS_PER_STEP);
    const after = i > 0 ? ends[i - 1]![1] : null;
    await db
      .updateTable("import_rows")
      .set({
        chunk_no: sql<number>`case ${sql.join(
          step.map(([chunk, last]) => sql`when user_id <= ${last} then ${chunk}`),
          sql` `,
        )} end`,
      })
      .where("batch_id", "=", batchId)
      .where("status", "=", "matched")
      .where("chunk_no", "is", null)
      .where("user_id", "<=", step[step.length - 1]![1])
      .$if(after !== null, (q) => q.where("user_id", ">", after!))
      .execute();
  }
}

/** The first chunk number free for the batch's rows not yet numbered. */
async function firstFreeChunk(db: Kysely<Database>, batchId: string): Promise<number> {
  const batch = await db
    .selectFrom("import_batches")
    .select("next_chunk")
    .where("id", "=", batchId)
    .executeTakeFirstOrThrow();
  const last = await db
    .selectFrom("import_rows")
    .select((eb) => eb.fn.max("chunk_no").as("last"))
    .where("batch_id", "=", batchId)
    .executeTakeFirst();
  return Math.max(batch.next_chunk, Number(last?.last ?? -1) + 1);
}

/** Rows whose ids `numberChunks` reads at a time when numbering in pieces (whole members). */
export const NUMBER_READ_ROWS = 25_000;

async function numberChunksInPieces(
  db: Kysely<Database>,
  batchId: string,
  read: BatchRead,
  readRows: number,
) {
  const first = await firstFreeChunk(db, batchId);
  const matched = db
    .selectFrom("import_rows")
    .where("batch_id", "=", batchId)
    .where("status", "=", "matched")
    .where("chunk_no", "is", null);
  // The plan from the members' row counts; their rows' ids are read a few members at a time
  // (one read of a 400,000-row batch's ids was that many objects in the reading thread, in
  // the message between the threads and again in this one, all at once).
  const counts = (
    await read(
      matched
        .select(["user_id", (eb) => eb.fn.countAll<number>().as("n")])
        .groupBy("user_id")
        .orderBy("user_id")
        .compile(),
    )
  ).map((m): [string, number] => [m.user_id!, Number(m.n)]);
  const plan = planChunks(counts, first);
  let piece: string[] = [];
  let pieceChunk = first;
  const number = async (trx: Kysely<Database>, ids: string[], chunk: number) => {
    // 1,000 ids a statement stay under SQLite's bound parameters.
    for (let i = 0; i < ids.length; i += 1000) {
      await trx
        .updateTable("import_rows")
        .set({ chunk_no: chunk })
        .where("id", "in", ids.slice(i, i + 1000))
        .where("chunk_no", "is", null)
        .execute();
    }
  };
  const flush = async () => {
    if (piece.length === 0) return;
    const [ids, chunk] = [piece, pieceChunk];
    // A member with more rows than one statement takes: all of them or none.
    if (ids.length > 1000) await db.transaction().execute((trx) => number(trx, ids, chunk));
    else await number(db, ids, chunk);
    piece = [];
    await yieldToOthers();
  };
  for (let i = 0; i < counts.length;) {
    // Whole members, up to `readRows` rows (one member with more is read alone).
    let end = i + 1;
    let rows = counts[i]![1];
    while (end < counts.length && rows + counts[end]![1] <= readRows) {
      rows += counts[end]![1];
      end++;
    }
    const page = await read(
      matched
        .select(["id", "user_id"])
        .where("user_id", ">=", counts[i]![0])
        .where("user_id", "<=", counts[end - 1]![0])
        .orderBy("user_id")
        .compile(),
    );
    i = end;
    // Each member's ids, in member order (the rows come sorted by member).
    const members: [string, string[]][] = [];
    for (const row of page) {
      const last = members[members.length - 1];
      if (last && last[0] === row.user_id) last[1].push(row.id);
      else members.push([row.user_id!, [row.id]]);
    }
    for (const [userId, ids] of members) {
      const chunk = plan.get(userId)!;
      if (chunk !== pieceChunk || piece.length + ids.length > NUMBER_PIECE) await flush();
      pieceChunk = chunk;
      piece.push(...ids);
    }
  }
  await flush();
}

/** The batch's rows per status (credited apart: the batch row stores its own count of those). */
export async function countStaged(
  db: Kysely<Database>,
  batchId: string,
  read: BatchRead = onConnection(db),
) {
  const counts = await read(
    db
      .selectFrom("import_rows")
      .select(["status", (eb) => eb.fn.countAll<number>().as("n")])
      .where("batch_id", "=", batchId)
      .groupBy("status")
      .compile(),
  );
  const n = (s: string) => Number(counts.find((c) => c.status === s)?.n ?? 0);
  return {
    rows_total: counts.reduce((sum, c) => sum + Number(c.n), 0),
    rows_matched: n("matched"),
    rows_unmatched: n("unmatched"),
    rows_duplicate: n("duplicate"),
    rows_error: n("error"),
    rows_credited: n("credited"),
  };
}

/**
 * Chunks of about CHUNK rows, numbered from `first`, for members given with their row counts:
 * a member's rows always share a chunk, so each chunk's ledger movement has one posting per
 * member. Returns each member's chunk.
 */
export function planChunks(members: Iterable<[string, number]>, first: number) {
  const plan = new Map<string, number>();
  let chunk = first;
  let size = 0;
  for (const [userId, rows] of members) {
    if (size > 0 && size + rows > CHUNK) {
      chunk += 1;
      size = 0;
    }
    plan.set(userId, chunk);
    size += rows;
  }
  return plan;
}
