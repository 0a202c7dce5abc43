import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import type { Db } from "../../../db";
import { newId } from "../../../db/id";
import type { Database } from "../../../db/schema";
import { nowDb } from "../../../db/time";
import { recordAudit } from "../../audit";
import { AppError } from "../../errors";
import type { Logger } from "../../logger";
import { parseRate, parseReport, ReportFileError, toYen } from "./report";
import { expectedYen, rateMismatch } from "../../domain/broker-terms";
import { ratesOf } from "../brokers/terms";

/**
 * Importing a broker report, step one: the preview parses the file, matches each row to an
 * approved account and stores the batch with every row's outcome; nothing is credited. Step
 * two, the commit: ./commit.ts.
 */

export interface ImportDeps {
  db: Db;
  log: Logger;
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
    expected_yen: null,
    source_key: null,
  }));
  // Each broker's per-lot rates, to flag amounts that lots × rate do not explain (below, once
  // each row's account and so its account type are known).
  const ratesByBroker = await ratesOf(
    db.kysely,
    brokers.map((b) => b.id),
  );
  const usdMicro = rate === null ? null : Number(rate);

  const seen = new Set<string>();
  const candidates: NewRow[] = [];
  for (const r of parsed.rows) {
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
    // From the row key as stored: the key the commit credits under, and so the one a repeat
    // within the file is recognised by.
    const source = sourceKey(brokerId, r.accountNumber, r.tradeDate, rowKey);
    if (seen.has(source)) {
      rows.push({
        ...base,
        status: "duplicate",
        error: null,
        broker_id: brokerId,
        amount_yen: yen,
        source_key: source,
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
      source_key: source,
    });
  }

  // Already credited by an earlier batch: duplicates.
  const credited = await existingSources(
    db.kysely,
    candidates.map((c) => c.source_key!),
  );
  // Approved accounts, looked up per broker in slices.
  const accounts = await approvedAccounts(
    db.kysely,
    candidates.map((c) => ({ brokerId: c.broker_id!, account: c.account_number! })),
  );
  for (const row of candidates) {
    if (credited.has(row.source_key!)) {
      rows.push({ ...row, status: "duplicate" });
      continue;
    }
    const account = accounts.get(`${row.broker_id}|${row.account_number}`);
    rows.push(
      account
        ? { ...row, status: "matched", broker_account_id: account.id, user_id: account.userId }
        : row,
    );
  }

  // The rate check: at the account's own type when the member gave it (a repeated row shares
  // its first's broker and account, so every row that is not an error has been looked up).
  for (const row of rows) {
    if (row.broker_id === null || row.lots_milli === null || row.amount_yen === null) continue;
    const type = accounts.get(`${row.broker_id}|${row.account_number}`)?.accountType ?? null;
    const rates = ratesByBroker.get(row.broker_id) ?? [];
    row.expected_yen = expectedYen(row.lots_milli, row.amount_yen, rates, usdMicro, type);
  }

  assignChunks(
    rows.filter((r) => r.status === "matched"),
    0,
  );

  const count = (s: string) => rows.filter((r) => r.status === s).length;
  const mismatched = rows.filter(
    (r) =>
      r.status !== "error" && r.amount_yen !== null && rateMismatch(r.amount_yen, r.expected_yen),
  ).length;
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
        rows_rate_mismatch: mismatched,
        created_by: adminId,
        created_at: now,
        committed_by: null,
        committed_at: null,
      })
      .execute();
    await stageRows(trx, rows);
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
    rateMismatch: mismatched,
  };
}

/** Stores one batch of a report's rows, each with its outcome, in the import's staging table. */
export async function stageRows(trx: Kysely<Database>, rows: NewRow[]) {
  // 1,000 rows of 20 columns stay under SQLite's 32,766 bound parameters.
  for (let i = 0; i < rows.length; i += 1000) {
    await trx
      .insertInto("import_rows")
      .values(rows.slice(i, i + 1000))
      .execute();
  }
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
 * Numbers matched rows into chunks of about CHUNK rows, starting at `first`; a member's rows
 * always share a chunk, so each chunk's ledger movement has one posting per member.
 */
export function assignChunks(
  rows: { user_id: string | null; chunk_no: number | null }[],
  first: number,
) {
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
