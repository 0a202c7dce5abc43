import { createHash } from "node:crypto";
import { type Kysely, type Selectable, sql } from "kysely";
import type { Db } from "../../../db";
import { newId } from "../../../db/id";
import type { Database } from "../../../db/schema";
import { AppError } from "../../errors";
import type { Logger } from "../../logger";
import type { Storage } from "../../storage";
import { isReportError, type ReportItem, toYen } from "./report";
import { expectedYen, rateMismatch } from "../../domain/broker-terms";
import {
  commissionToYen,
  priceRow,
  rateFor,
  type RateVersion,
  versionInForce,
} from "../../domain/pricing";
import { rateVersionsOf } from "../brokers/terms";

/**
 * Importing a broker report, step one: the preview parses the file, matches each row to an
 * approved account and stores the batch with every row's outcome; nothing is credited. It runs
 * as an import job (./jobs.ts), batch by batch. Step two, the commit: ./commit.ts.
 */

export interface ImportDeps {
  db: Db;
  log: Logger;
  /** Where uploaded reports are kept until their preview job has read them. */
  storage?: Storage | undefined;
}

/** Rows credited per transaction: big enough to be fast, small enough to keep locks short. */
export const CHUNK = 5_000;

export function sourceKey(
  brokerId: string,
  account: string,
  tradeDate: string,
  rowKey: string,
): string {
  const key = `${brokerId}|${account}|${tradeDate}|${rowKey}`;
  // The column holds 200 characters; a longer report key is represented by its hash.
  return key.length <= 200
    ? key
    : `${brokerId}|${account}|${tradeDate}|#${createHash("sha256").update(rowKey).digest("hex")}`;
}

// Every column given, as read back: a staged row sets even the columns that have a default.
export type NewRow = Selectable<Database["import_rows"]>;

/** Report lines staged per transaction by a preview: one read batch, one progress step. */
export const STAGE_ROWS = 2_000;

/** A row not (yet) priced: no rate, no commission. */
const UNPRICED = {
  rate_type: null,
  rate_kind: null,
  rate_x100: null,
  rate_from: null,
  rate_source: null,
  priced: 0,
  commission_yen: null,
  commission_x10000: null,
  symbol: null,
} as const;

/**
 * What classifying a preview's rows needs once per job: the brokers, their rate card versions,
 * the USD rate.
 */
export interface PreviewContext {
  brokerOf: Map<string, string>;
  versionsByBroker: Map<string, RateVersion[]>;
  rate: bigint | null;
}

export async function previewContext(
  db: Kysely<Database>,
  usdRateMicro: number | null,
): Promise<PreviewContext> {
  const brokers = await db.selectFrom("brokers").select(["id", "code", "name"]).execute();
  const brokerOf = new Map<string, string>();
  for (const b of brokers) {
    brokerOf.set(b.code.toLowerCase(), b.id);
    brokerOf.set(b.name.toLowerCase(), b.id);
  }
  // Each broker's rate card versions: a row is priced, or its given amount checked, at the
  // rates in force on its trade date (once its account, and so its type, is known).
  const versionsByBroker = await rateVersionsOf(
    db,
    brokers.map((b) => b.id),
  );
  return { brokerOf, versionsByBroker, rate: usdRateMicro === null ? null : BigInt(usdRateMicro) };
}

/** What a staged row needs to be priced: its own figures as the report gave them. */
export type PriceInput = Pick<
  NewRow,
  "trade_date" | "lots_milli" | "amount_yen" | "currency" | "commission_x10000" | "priced"
>;

/** The columns pricing sets on a staged row. */
export type PriceColumns = Pick<
  NewRow,
  | "amount_yen"
  | "expected_yen"
  | "rate_type"
  | "rate_kind"
  | "rate_x100"
  | "rate_from"
  | "rate_source"
  | "commission_yen"
>;

/**
 * A row at the rates in force on its trade date, for an account of `accountType` (the broker's
 * default type when null or not listed; decision 045): a row without a given amount is priced
 * (rounded down to the yen); a given amount is kept and checked against the per-lot rates
 * (decision 029). Either way the rate and where it came from are the row's. An error key when
 * the row cannot be priced; a batch without the dollar rate its rows need is refused whole.
 */
export function priceStaged(
  row: PriceInput,
  versions: readonly RateVersion[],
  accountType: string | null,
  usdRate: bigint | null,
): PriceColumns | { error: string } {
  const day = row.trade_date!;
  const applied = rateFor(versions, day, accountType);
  const commission =
    row.commission_x10000 === null || row.commission_x10000 === undefined
      ? null
      : { amountX10000: BigInt(row.commission_x10000), currency: row.currency as "JPY" | "USD" };
  const commissionYen = commission === null ? null : commissionToYen(commission, usdRate);
  if (commission !== null && commissionYen === null)
    throw new AppError("BAD_REQUEST", "import.rateMissing");
  const rateColumns = {
    rate_type: applied?.accountType ?? null,
    rate_kind: applied?.kind ?? null,
    rate_x100: applied?.valueX100 ?? null,
    rate_from: applied?.from ?? null,
    rate_source: applied?.source ?? null,
    commission_yen: commissionYen,
  };
  if (row.priced !== 1) {
    return {
      ...rateColumns,
      amount_yen: row.amount_yen,
      expected_yen: expectedYen(
        row.lots_milli!,
        row.amount_yen!,
        versionInForce(versions, day)?.rates ?? [],
        usdRate === null ? null : Number(usdRate),
        accountType,
      ),
    };
  }
  if (!applied) return { error: "noRate" };
  const outcome = priceRow({ lotsMilli: row.lots_milli!, commission }, applied, usdRate);
  if ("error" in outcome) {
    if (outcome.error === "rateMissing") throw new AppError("BAD_REQUEST", "import.rateMissing");
    return { error: outcome.error };
  }
  if (outcome.yen <= 0) return { error: "zeroAmount" };
  return { ...rateColumns, amount_yen: outcome.yen, expected_yen: null };
}

/**
 * One batch of a report's lines as rows to stage: each row matched to an approved account,
 * unmatched (unknown or not yet approved account), duplicate (already credited) or an error
 * with its line number and reason. A repeat of an earlier row of the same file is found once
 * every batch is staged (`markRepeats`), so no batch needs the rows before it in memory.
 */
export async function classifyRows(
  db: Kysely<Database>,
  batchId: string,
  items: ReportItem[],
  context: PreviewContext,
): Promise<NewRow[]> {
  const { brokerOf, versionsByBroker, rate } = context;
  const rows: NewRow[] = [];
  const candidates: NewRow[] = [];
  for (const item of items) {
    if (isReportError(item)) {
      rows.push({
        id: newId(),
        batch_id: batchId,
        line_no: item.line,
        status: "error",
        error: item.error,
        trade_date: null,
        broker_id: null,
        broker_text: item.raw.broker?.slice(0, 100) ?? null,
        account_number: item.raw.account?.slice(0, 32) ?? null,
        lots_milli: null,
        amount_text: item.raw.amount?.slice(0, 32) ?? null,
        currency: item.raw.currency?.slice(0, 8) ?? null,
        amount_yen: null,
        row_key: null,
        broker_account_id: null,
        user_id: null,
        chunk_no: null,
        expected_yen: null,
        source_key: null,
        ...UNPRICED,
      });
      continue;
    }
    const r = item;
    // A dollar amount or commission needs the batch's dollar rate (a per-lot dollar rate too,
    // once the row's rate is known).
    if (
      r.currency === "USD" &&
      rate === null &&
      (r.amountMinor !== null || r.commissionX10000 !== null)
    )
      throw new AppError("BAD_REQUEST", "import.rateMissing");
    const rowKey = r.rowKey.slice(0, 100);
    const base = {
      id: newId(),
      batch_id: batchId,
      line_no: r.line,
      trade_date: r.tradeDate,
      broker_text: r.brokerText.slice(0, 100),
      account_number: r.accountNumber,
      lots_milli: r.lotsMilli,
      amount_text: r.amountText.slice(0, 32),
      currency: r.currency,
      row_key: rowKey,
      broker_account_id: null,
      user_id: null,
      chunk_no: null,
      expected_yen: null as number | null,
      source_key: null as string | null,
      ...UNPRICED,
      priced: r.amountMinor === null ? 1 : 0,
      commission_x10000: r.commissionX10000 === null ? null : Number(r.commissionX10000),
      symbol: r.symbol?.slice(0, 32) || null,
    };
    const brokerId = brokerOf.get(r.brokerText.toLowerCase());
    if (!brokerId) {
      rows.push({
        ...base,
        status: "error",
        error: "unknownBroker",
        broker_id: null,
        amount_yen: null,
      });
      continue;
    }
    // A given amount in yen; a priced row's comes with its account's type, below.
    const yen = r.amountMinor === null ? null : toYen({ ...r, amountMinor: r.amountMinor }, rate);
    if (yen !== null && yen <= 0) {
      rows.push({
        ...base,
        status: "error",
        error: "zeroAmount",
        broker_id: brokerId,
        amount_yen: 0,
      });
      continue;
    }
    candidates.push({
      ...base,
      status: "unmatched",
      error: null,
      broker_id: brokerId,
      amount_yen: yen,
      // From the row key as stored: the key the commit credits under, and so the one a
      // repeat within the file is recognised by (markRepeats).
      source_key: sourceKey(brokerId, r.accountNumber, r.tradeDate, rowKey),
    });
  }

  // Already credited by an earlier batch: duplicates.
  const credited = await existingSources(
    db,
    candidates.map((c) => c.source_key!),
  );
  // Approved accounts, looked up per broker in slices.
  const accounts = await approvedAccounts(
    db,
    candidates.map((c) => ({ brokerId: c.broker_id!, account: c.account_number! })),
  );
  for (const candidate of candidates) {
    const account = accounts.get(`${candidate.broker_id}|${candidate.account_number}`);
    // Priced, or checked, at the account's own type when the member gave it; an unknown
    // account at the broker's default type (priced again if it is matched later).
    const price = priceStaged(
      candidate,
      versionsByBroker.get(candidate.broker_id!) ?? [],
      account?.accountType ?? null,
      rate,
    );
    if ("error" in price) {
      rows.push({ ...candidate, status: "error", error: price.error, source_key: null });
      continue;
    }
    const row = { ...candidate, ...price };
    if (credited.has(row.source_key!)) rows.push({ ...row, status: "duplicate" });
    else if (account)
      rows.push({
        ...row,
        status: "matched",
        broker_account_id: account.id,
        user_id: account.userId,
      });
    else rows.push(row);
  }
  return rows;
}

/**
 * Rows matched since their preview (no chunk yet) were priced at the broker's default type,
 * their account being unknown then: each is priced again at its account's type, at the rates
 * in force on its trade date. A row that cannot be priced at that type becomes an error row.
 * Read and written per row: only rows whose account was approved after the preview.
 */
export async function repriceMatched(db: Kysely<Database>, batchId: string) {
  const rows = await db
    .selectFrom("import_rows")
    .innerJoin("broker_accounts", "broker_accounts.id", "import_rows.broker_account_id")
    .select([
      "import_rows.id",
      "import_rows.broker_id",
      "import_rows.trade_date",
      "import_rows.lots_milli",
      "import_rows.amount_yen",
      "import_rows.currency",
      "import_rows.commission_x10000",
      "import_rows.priced",
      "broker_accounts.account_type",
    ])
    .where("import_rows.batch_id", "=", batchId)
    .where("import_rows.status", "=", "matched")
    .where("import_rows.chunk_no", "is", null)
    .execute();
  if (rows.length === 0) return;
  const batch = await db
    .selectFrom("import_batches")
    .select("usd_rate_micro")
    .where("id", "=", batchId)
    .executeTakeFirstOrThrow();
  const usdRate = batch.usd_rate_micro === null ? null : BigInt(batch.usd_rate_micro);
  const versions = await rateVersionsOf(db, [...new Set(rows.map((r) => r.broker_id!))]);
  for (const row of rows) {
    let price: PriceColumns | { error: string };
    try {
      price = priceStaged(row, versions.get(row.broker_id!) ?? [], row.account_type, usdRate);
    } catch (error) {
      if (!(error instanceof AppError) || error.key !== "import.rateMissing") throw error;
      price = { error: "rateMissing" };
    }
    await db
      .updateTable("import_rows")
      .set(
        "error" in price
          ? { status: "error", error: price.error, broker_account_id: null, user_id: null }
          : price,
      )
      .where("id", "=", row.id)
      .execute();
  }
}

/** Rows whose amount lots × the broker's rate does not explain (duplicates included). */
export function countRateMismatches(rows: NewRow[]): number {
  return rows.filter(
    (r) =>
      r.status !== "error" && r.amount_yen !== null && rateMismatch(r.amount_yen, r.expected_yen),
  ).length;
}

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

/** Repeats marked per step by `markRepeats`: the ids held at once. */
const REPEATS_PER_STEP = 10_000;

/**
 * A row repeated later in the same file (same broker, account, day and row key) is a
 * duplicate: the first stays as it was classified, every later one becomes "duplicate". The
 * repeats are found by one windowed read (usually there are none), then marked by id, a slice
 * at a time: MariaDB runs an UPDATE … WHERE id IN (subquery) as one subquery per row. Safe to
 * repeat.
 */
export async function markRepeats(db: Kysely<Database>, batchId: string) {
  for (;;) {
    const repeats = await sql<{ id: string }>`
      select id from (
        select id, status, row_number() over (
          partition by broker_id, account_number, trade_date, row_key order by line_no
        ) as n
        from import_rows where batch_id = ${batchId} and status <> 'error'
      ) repeats
      where n > 1 and status in ('matched', 'unmatched')
      limit ${REPEATS_PER_STEP}`.execute(db);
    if (repeats.rows.length === 0) return;
    const ids = repeats.rows.map((r) => r.id);
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

/**
 * Numbers the batch's matched rows that have no chunk yet (every one after a preview; those a
 * re-run matched again) into chunks after every chunk so far, as `planChunks` plans them from
 * the members' row counts. A chunk is a run of members in id order, so a row's chunk is the
 * first whose last member's id is not below its own member's: one UPDATE with a CASE over
 * those ids per hundred chunks (one UPDATE per chunk read the whole batch each time). Safe to
 * repeat: only rows without a chunk change.
 */
export async function numberChunks(db: Kysely<Database>, batchId: string) {
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
  const first = Math.max(batch.next_chunk, Number(last?.last ?? -1) + 1);
  const members = await db
    .selectFrom("import_rows")
    .select(["user_id", (eb) => eb.fn.countAll<number>().as("n")])
    .where("batch_id", "=", batchId)
    .where("status", "=", "matched")
    .where("chunk_no", "is", null)
    .groupBy("user_id")
    .orderBy("user_id")
    .execute();
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

/** The batch's rows per status (credited apart: the batch row stores its own count of those). */
export async function countStaged(db: Kysely<Database>, batchId: string) {
  const counts = await db
    .selectFrom("import_rows")
    .select(["status", (eb) => eb.fn.countAll<number>().as("n")])
    .where("batch_id", "=", batchId)
    .groupBy("status")
    .execute();
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

export async function existingSources(
  db: Kysely<Database>,
  sources: string[],
): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < sources.length; i += 1000) {
    const slice = sources.slice(i, i + 1000);
    if (slice.length === 0) continue;
    const rows = await db
      .selectFrom("cashbacks")
      .select("source_key")
      .where("source_key", "in", slice)
      .execute();
    for (const r of rows) found.add(r.source_key);
  }
  return found;
}

export async function approvedAccounts(
  db: Kysely<Database>,
  pairs: { brokerId: string; account: string }[],
) {
  const byBroker = new Map<string, Set<string>>();
  for (const p of pairs) {
    const set = byBroker.get(p.brokerId) ?? new Set<string>();
    set.add(p.account);
    byBroker.set(p.brokerId, set);
  }
  const out = new Map<string, { id: string; userId: string; accountType: string | null }>();
  for (const [brokerId, set] of byBroker) {
    const numbers = [...set];
    for (let i = 0; i < numbers.length; i += 1000) {
      const rows = await db
        .selectFrom("broker_accounts")
        .select(["id", "user_id", "account_number", "account_type"])
        .where("broker_id", "=", brokerId)
        .where("account_number", "in", numbers.slice(i, i + 1000))
        .where("status", "=", "approved")
        .execute();
      for (const r of rows)
        out.set(`${brokerId}|${r.account_number}`, {
          id: r.id,
          userId: r.user_id,
          accountType: r.account_type,
        });
    }
  }
  return out;
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
