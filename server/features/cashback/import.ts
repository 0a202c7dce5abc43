import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import type { Db } from "../../../db";
import { isRetryableTxError, isUniqueViolation, upsertAdd } from "../../../db/dialect";
import { newId } from "../../../db/id";
import type { Database } from "../../../db/schema";
import { nowDb, toDbTime } from "../../../db/time";
import { recordAudit } from "../../audit";
import { AppError } from "../../errors";
import type { Logger } from "../../logger";
import { ensureWallets, HOUSE, memberWallet, post } from "../../ledger";
import { creditMarathonGoals } from "../marathon/goals";
import { creditAffiliateRewards } from "../affiliate/rewards";
import { parseRate, parseReport, ReportFileError, toYen } from "./report";

export interface ImportDeps {
  db: Db;
  log: Logger;
}

/** Rows credited per transaction: big enough to be fast, small enough to keep locks short. */
const CHUNK = 5_000;
/** A commit that stopped (process killed) may be taken over after this long. */
const STALE_COMMIT_MS = 10 * 60 * 1000;

function sourceKey(brokerId: string, account: string, tradeDate: string, rowKey: string): string {
  const key = `${brokerId}|${account}|${tradeDate}|${rowKey}`;
  // The column holds 200 characters; a longer report key is represented by its hash.
  return key.length <= 200
    ? key
    : `${brokerId}|${account}|${tradeDate}|#${createHash("sha256").update(rowKey).digest("hex")}`;
}

type NewRow = Database["import_rows"] extends infer T ? { [K in keyof T]: T[K] } : never;

/**
 * Reads a report and stores it as a batch to review: each row matched to an approved account,
 * unmatched (unknown or not yet approved account), duplicate (already credited, or repeated in
 * the file) or an error with its line number and reason. Nothing is credited here.
 */
export async function previewImport(
  deps: ImportDeps,
  adminId: string,
  input: { fileName: string; content: Uint8Array; usdRate?: string | undefined },
) {
  const { db } = deps;
  let parsed;
  try {
    parsed = parseReport(input.content);
  } catch (error) {
    if (error instanceof ReportFileError)
      throw new AppError("BAD_REQUEST", `import.${error.key}`, error.params);
    throw error;
  }
  const rate = input.usdRate ? parseRate(input.usdRate) : null;
  if (input.usdRate && rate === null) throw new AppError("BAD_REQUEST", "import.rateInvalid");
  if (parsed.hasUsd && rate === null) throw new AppError("BAD_REQUEST", "import.rateMissing");
  if (parsed.rows.length === 0 && parsed.errors.length === 0)
    throw new AppError("BAD_REQUEST", "import.emptyFile");

  const brokers = await db.kysely.selectFrom("brokers").select(["id", "code", "name"]).execute();
  const brokerOf = new Map<string, string>();
  for (const b of brokers) {
    brokerOf.set(b.code.toLowerCase(), b.id);
    brokerOf.set(b.name.toLowerCase(), b.id);
  }

  const batchId = newId();
  const rows: NewRow[] = parsed.errors.map((e) => ({
    id: newId(),
    batch_id: batchId,
    line_no: e.line,
    status: "error" as const,
    error: e.error,
    trade_date: null,
    broker_id: null,
    broker_text: e.raw.broker?.slice(0, 100) ?? null,
    account_number: e.raw.account?.slice(0, 32) ?? null,
    lots_milli: null,
    amount_text: e.raw.amount?.slice(0, 32) ?? null,
    currency: e.raw.currency?.slice(0, 8) ?? null,
    amount_yen: null,
    row_key: null,
    broker_account_id: null,
    user_id: null,
    chunk_no: null,
  }));

  const seen = new Set<string>();
  const candidates: (NewRow & { source: string })[] = [];
  for (const r of parsed.rows) {
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
      row_key: r.rowKey.slice(0, 100),
      broker_account_id: null,
      user_id: null,
      chunk_no: null,
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
    const yen = toYen(r, rate);
    if (yen <= 0) {
      rows.push({
        ...base,
        status: "error",
        error: "zeroAmount",
        broker_id: brokerId,
        amount_yen: 0,
      });
      continue;
    }
    const source = sourceKey(brokerId, r.accountNumber, r.tradeDate, r.rowKey);
    if (seen.has(source)) {
      rows.push({
        ...base,
        status: "duplicate",
        error: null,
        broker_id: brokerId,
        amount_yen: yen,
      });
      continue;
    }
    seen.add(source);
    candidates.push({
      ...base,
      status: "unmatched",
      error: null,
      broker_id: brokerId,
      amount_yen: yen,
      source,
    });
  }

  // Already credited by an earlier batch: duplicates.
  const credited = await existingSources(
    db.kysely,
    candidates.map((c) => c.source),
  );
  // Approved accounts, looked up per broker in slices.
  const accounts = await approvedAccounts(
    db.kysely,
    candidates.map((c) => ({ brokerId: c.broker_id!, account: c.account_number! })),
  );
  for (const c of candidates) {
    const { source, ...row } = c;
    if (credited.has(source)) {
      rows.push({ ...row, status: "duplicate" });
      continue;
    }
    const account = accounts.get(`${c.broker_id}|${c.account_number}`);
    rows.push(
      account
        ? { ...row, status: "matched", broker_account_id: account.id, user_id: account.userId }
        : row,
    );
  }

  assignChunks(
    rows.filter((r) => r.status === "matched"),
    0,
  );

  const count = (s: string) => rows.filter((r) => r.status === s).length;
  const now = nowDb();
  await db.kysely.transaction().execute(async (trx) => {
    await trx
      .insertInto("import_batches")
      .values({
        id: batchId,
        file_name: input.fileName.slice(0, 255),
        file_sha256: createHash("sha256").update(input.content).digest("hex"),
        status: "previewed",
        usd_rate_micro: rate === null ? null : Number(rate),
        rows_total: rows.length,
        rows_matched: count("matched"),
        rows_unmatched: count("unmatched"),
        rows_duplicate: count("duplicate"),
        rows_error: count("error"),
        created_by: adminId,
        created_at: now,
        committed_by: null,
        committed_at: null,
      })
      .execute();
    // 1,000 rows of 17 columns stay under SQLite's 32,766 bound parameters.
    for (let i = 0; i < rows.length; i += 1000) {
      await trx
        .insertInto("import_rows")
        .values(rows.slice(i, i + 1000))
        .execute();
    }
    await recordAudit(trx, {
      actorId: adminId,
      action: "import.preview",
      targetType: "import_batch",
      targetId: batchId,
      data: { fileName: input.fileName, rows: rows.length },
    });
  });
  return {
    batchId,
    total: rows.length,
    matched: count("matched"),
    unmatched: count("unmatched"),
    duplicate: count("duplicate"),
    error: count("error"),
  };
}

async function existingSources(db: Kysely<Database>, sources: string[]): Promise<Set<string>> {
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

async function approvedAccounts(
  db: Kysely<Database>,
  pairs: { brokerId: string; account: string }[],
) {
  const byBroker = new Map<string, Set<string>>();
  for (const p of pairs) {
    const set = byBroker.get(p.brokerId) ?? new Set<string>();
    set.add(p.account);
    byBroker.set(p.brokerId, set);
  }
  const out = new Map<string, { id: string; userId: string }>();
  for (const [brokerId, set] of byBroker) {
    const numbers = [...set];
    for (let i = 0; i < numbers.length; i += 1000) {
      const rows = await db
        .selectFrom("broker_accounts")
        .select(["id", "user_id", "account_number"])
        .where("broker_id", "=", brokerId)
        .where("account_number", "in", numbers.slice(i, i + 1000))
        .where("status", "=", "approved")
        .execute();
      for (const r of rows)
        out.set(`${brokerId}|${r.account_number}`, { id: r.id, userId: r.user_id });
    }
  }
  return out;
}

/**
 * Takes the batch for crediting: only one commit runs at a time; a commit that died (process
 * killed) is taken over once it is stale. `from` is the state the batch must be in.
 */
async function claimBatch(db: Db, batchId: string, from: "previewed" | "committed") {
  const now = new Date();
  const stale = toDbTime(new Date(now.getTime() - STALE_COMMIT_MS));
  const result = await db.kysely
    .updateTable("import_batches")
    .set({ status: "committing", committed_at: toDbTime(now) })
    .where("id", "=", batchId)
    .where((eb) =>
      eb.or([
        eb("status", "=", from),
        eb.and([eb("status", "=", "committing"), eb("committed_at", "<", stale)]),
      ]),
    )
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 1) return;
  const batch = await db.kysely
    .selectFrom("import_batches")
    .select("status")
    .where("id", "=", batchId)
    .executeTakeFirst();
  if (!batch) throw new AppError("NOT_FOUND", "notFound");
  if (batch.status === "committing") throw new AppError("CONFLICT", "import.inProgress");
  throw new AppError(
    "CONFLICT",
    from === "previewed" ? "import.alreadyCommitted" : "import.notCommitted",
  );
}

/**
 * Numbers matched rows into chunks of about CHUNK rows, starting at `first`; a member's rows
 * always share a chunk, so each chunk's ledger movement has one posting per member.
 */
function assignChunks(rows: { user_id: string | null; chunk_no: number | null }[], first: number) {
  const byUser = new Map<string, typeof rows>();
  for (const r of rows) {
    const list = byUser.get(r.user_id!) ?? [];
    list.push(r);
    byUser.set(r.user_id!, list);
  }
  let chunk = first;
  let size = 0;
  for (const list of byUser.values()) {
    if (size > 0 && size + list.length > CHUNK) {
      chunk += 1;
      size = 0;
    }
    for (const r of list) r.chunk_no = chunk;
    size += list.length;
  }
}

interface ChunkRow {
  id: string;
  status: string;
  user_id: string | null;
  broker_account_id: string | null;
  broker_id: string | null;
  account_number: string | null;
  trade_date: string | null;
  row_key: string | null;
  amount_yen: number | null;
  lots_milli: number | null;
}

type Credited = { rows: number; amount: number };

/**
 * Credits chunk `chunkNo` of the batch in one transaction, unless it is credited already. The
 * batch's `next_chunk` moves on in the same transaction, so a chunk is credited entirely or
 * not at all, and exactly once, even when a commit is taken over after a stop. Rows credited
 * meanwhile by an overlapping file become duplicates; the rest become cashback history, one
 * ledger movement from the house to the members, and the daily and monthly summaries.
 */
async function creditChunk(
  db: Db,
  batchId: string,
  chunkNo: number,
  chunk: ChunkRow[],
): Promise<Credited | "done"> {
  return db.kysely.transaction().execute(async (trx) => {
    // Taking the batch's next chunk is also the lock that serializes two committers.
    const claimed = await trx
      .updateTable("import_batches")
      .set({ next_chunk: chunkNo + 1 })
      .where("id", "=", batchId)
      .where("next_chunk", "=", chunkNo)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return "done";

    const withKeys = chunk
      .filter((r) => r.status === "matched")
      .map((r) => ({
        ...r,
        source: sourceKey(r.broker_id!, r.account_number!, r.trade_date!, r.row_key!),
      }));
    const credited = await existingSources(
      trx,
      withKeys.map((r) => r.source),
    );
    const dups = withKeys.filter((r) => credited.has(r.source));
    const fresh = withKeys.filter((r) => !credited.has(r.source));
    for (let i = 0; i < dups.length; i += 1000) {
      await trx
        .updateTable("import_rows")
        .set({ status: "duplicate" })
        .where(
          "id",
          "in",
          dups.slice(i, i + 1000).map((r) => r.id),
        )
        .execute();
    }
    if (fresh.length === 0) return { rows: 0, amount: 0 };

    const perUser = new Map<string, number>();
    for (const r of fresh) perUser.set(r.user_id!, (perUser.get(r.user_id!) ?? 0) + r.amount_yen!);
    const total = fresh.reduce((sum, r) => sum + r.amount_yen!, 0);
    await ensureWallets(trx, db, [...perUser.keys()]);
    const { txId } = await post(trx, db, {
      key: `cashback:${batchId}:${chunkNo}`,
      kind: "cashback",
      refType: "import_batch",
      refId: batchId,
      postings: [
        { walletId: HOUSE, bucket: "available", amount: -total },
        ...[...perUser].map(([userId, amount]) => ({
          walletId: memberWallet(userId),
          bucket: "available" as const,
          amount,
        })),
      ],
    });
    const now = nowDb();
    const cashbacks = fresh.map((r) => ({
      id: newId(),
      source_key: r.source,
      user_id: r.user_id!,
      broker_account_id: r.broker_account_id!,
      broker_id: r.broker_id!,
      trade_date: r.trade_date!,
      lots_milli: r.lots_milli ?? 0,
      amount: r.amount_yen!,
      batch_id: batchId,
      ledger_tx_id: txId,
      created_at: now,
    }));
    for (let i = 0; i < cashbacks.length; i += 2000) {
      await trx
        .insertInto("cashbacks")
        .values(cashbacks.slice(i, i + 2000))
        .execute();
    }
    // The referrers of these customers are paid in this same transaction, once per cashback row.
    await creditAffiliateRewards(trx, db, batchId, cashbacks);

    type Summary = {
      broker_account_id: string;
      user_id: string;
      broker_id: string;
      amount: number;
      lots_milli: number;
      rows: number;
    };
    const daily = new Map<string, Summary & { day: string }>();
    const monthly = new Map<string, Summary & { month: string }>();
    for (const c of cashbacks) {
      const dayKey = `${c.broker_account_id}|${c.trade_date}`;
      const d = daily.get(dayKey) ?? {
        broker_account_id: c.broker_account_id,
        day: c.trade_date,
        user_id: c.user_id,
        broker_id: c.broker_id,
        amount: 0,
        lots_milli: 0,
        rows: 0,
      };
      d.amount += c.amount;
      d.lots_milli += c.lots_milli;
      d.rows += 1;
      daily.set(dayKey, d);
      const month = c.trade_date.slice(0, 7);
      const monthKey = `${c.broker_account_id}|${month}`;
      const m = monthly.get(monthKey) ?? {
        broker_account_id: c.broker_account_id,
        month,
        user_id: c.user_id,
        broker_id: c.broker_id,
        amount: 0,
        lots_milli: 0,
        rows: 0,
      };
      m.amount += c.amount;
      m.lots_milli += c.lots_milli;
      m.rows += 1;
      monthly.set(monthKey, m);
    }
    await upsertAdd(
      db,
      trx,
      "cashback_daily",
      [...daily.values()],
      ["broker_account_id", "day"],
      ["amount", "lots_milli", "rows"],
    );
    await upsertAdd(
      db,
      trx,
      "cashback_monthly",
      [...monthly.values()],
      ["broker_account_id", "month"],
      ["amount", "lots_milli", "rows"],
    );
    // Marathon goals this cashback reached: credited in this same transaction.
    await creditMarathonGoals(trx, db, [...perUser.keys()]);

    // Every row of the chunk still "matched" is one just credited: one statement marks them.
    await trx
      .updateTable("import_rows")
      .set({ status: "credited" })
      .where("batch_id", "=", batchId)
      .where("chunk_no", "=", chunkNo)
      .where("status", "=", "matched")
      .execute();
    await trx
      .updateTable("import_batches")
      .set((eb) => ({
        rows_credited: eb("rows_credited", "+", fresh.length),
        amount_credited: eb("amount_credited", "+", total),
      }))
      .where("id", "=", batchId)
      .execute();
    return { rows: fresh.length, amount: total };
  });
}

/**
 * Credits the batch's chunks from its `next_chunk` on, until a chunk number has no rows; safe
 * to run again after a stop, since each chunk moves `next_chunk` in its own transaction.
 */
async function creditMatched(deps: ImportDeps, batchId: string): Promise<Credited> {
  const { db } = deps;
  let rows = 0;
  let amount = 0;
  const batch = await db.kysely
    .selectFrom("import_batches")
    .select("next_chunk")
    .where("id", "=", batchId)
    .executeTakeFirstOrThrow();
  for (let chunkNo = batch.next_chunk; ; chunkNo++) {
    const chunk: ChunkRow[] = await db.kysely
      .selectFrom("import_rows")
      .select([
        "id",
        "status",
        "user_id",
        "broker_account_id",
        "broker_id",
        "account_number",
        "trade_date",
        "row_key",
        "amount_yen",
        "lots_milli",
      ])
      .where("batch_id", "=", batchId)
      .where("chunk_no", "=", chunkNo)
      .execute();
    if (chunk.length === 0) break;
    for (let attempt = 1; ; attempt++) {
      try {
        const result = await creditChunk(db, batchId, chunkNo, chunk);
        if (result !== "done") {
          rows += result.rows;
          amount += result.amount;
        }
        break;
      } catch (error) {
        // An overlapping file credited some of these rows between our check and our insert,
        // or the engine asks for a retry: the chunk is redone from scratch.
        if (attempt >= 5 || !(isUniqueViolation(error) || isRetryableTxError(error))) throw error;
      }
    }
  }
  return { rows, amount };
}

async function finishBatch(
  db: Db,
  adminId: string,
  batchId: string,
  action: string,
  result: { rows: number; amount: number },
) {
  await db.kysely.transaction().execute(async (trx) => {
    await trx
      .updateTable("import_batches")
      .set({ status: "committed", committed_by: adminId, committed_at: nowDb() })
      .where("id", "=", batchId)
      .execute();
    await recordAudit(trx, {
      actorId: adminId,
      action,
      targetType: "import_batch",
      targetId: batchId,
      data: result,
    });
  });
}

/** Credits the batch's matched rows once; the same batch committed twice is refused. */
export async function commitImport(deps: ImportDeps, adminId: string, batchId: string) {
  await claimBatch(deps.db, batchId, "previewed");
  const result = await creditMatched(deps, batchId);
  await recountBatch(deps.db, batchId);
  await finishBatch(deps.db, adminId, batchId, "import.commit", result);
  return result;
}

/**
 * Re-runs a committed batch: rows whose accounts have been approved since are matched and
 * credited now, in new chunks after the credited ones; everything already credited stays as
 * it is.
 */
export async function rerunImport(deps: ImportDeps, adminId: string, batchId: string) {
  const { db } = deps;
  await claimBatch(db, batchId, "committed");
  let result = { rows: 0, amount: 0 };
  try {
    const unmatched = await db.kysely
      .selectFrom("import_rows")
      .select(["id", "broker_id", "account_number"])
      .where("batch_id", "=", batchId)
      .where("status", "=", "unmatched")
      .execute();
    const accounts = await approvedAccounts(
      db.kysely,
      unmatched.map((r) => ({ brokerId: r.broker_id!, account: r.account_number! })),
    );
    const matched = unmatched.flatMap((r) => {
      const account = accounts.get(`${r.broker_id}|${r.account_number}`);
      return account
        ? [{ id: r.id, user_id: account.userId, account_id: account.id, chunk_no: null }]
        : [];
    });
    if (matched.length) {
      const batch = await db.kysely
        .selectFrom("import_batches")
        .select("next_chunk")
        .where("id", "=", batchId)
        .executeTakeFirstOrThrow();
      const last = await db.kysely
        .selectFrom("import_rows")
        .select((eb) => eb.fn.max("chunk_no").as("last"))
        .where("batch_id", "=", batchId)
        .executeTakeFirst();
      assignChunks(matched, Math.max(batch.next_chunk, Number(last?.last ?? -1) + 1));
      await db.kysely.transaction().execute(async (trx) => {
        for (const r of matched) {
          await trx
            .updateTable("import_rows")
            .set({
              status: "matched",
              broker_account_id: r.account_id,
              user_id: r.user_id,
              chunk_no: r.chunk_no,
            })
            .where("id", "=", r.id)
            .where("status", "=", "unmatched")
            .execute();
        }
      });
    }
    result = await creditMatched(deps, batchId);
    await recountBatch(db, batchId);
    return result;
  } finally {
    // The batch goes back to "committed" even when the re-run failed part-way: every chunk
    // that was credited is complete, and the rest can be re-run again.
    await finishBatch(db, adminId, batchId, "import.rerun", result);
  }
}

async function recountBatch(db: Db, batchId: string) {
  const counts = await db.kysely
    .selectFrom("import_rows")
    .select(["status", (eb) => eb.fn.countAll<number>().as("n")])
    .where("batch_id", "=", batchId)
    .groupBy("status")
    .execute();
  const n = (s: string) => Number(counts.find((c) => c.status === s)?.n ?? 0);
  await db.kysely
    .updateTable("import_batches")
    .set({
      rows_matched: n("matched") + n("credited"),
      rows_unmatched: n("unmatched"),
      rows_duplicate: n("duplicate"),
    })
    .where("id", "=", batchId)
    .execute();
}
