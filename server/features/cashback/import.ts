import { createHash } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type { Db } from "#db";
import { newId } from "#db/id";
import type { Database } from "#db/schema";
import { AppError } from "../../errors";
import type { Logger } from "../../logger";
import type { Storage } from "../../storage";
import { isReportError, type ReportItem, toYen } from "./report";
import { expectedYen, rateMismatch } from "../../domain/broker-terms";
import {
  commissionToYen,
  lotsE8Of,
  lotsText,
  priceRow,
  rateFor,
  type RateVersion,
  versionInForce,
} from "../../domain/pricing";
import { rateVersionsOf } from "../brokers/terms";
import { readInLists } from "../../lib/in-list";

/**
 * Importing a broker report, step one: the preview parses the file, matches each row to an
 * approved account and stores the batch with every row's outcome; nothing is credited. It runs
 * as an import job (./jobs.ts), batch by batch. Step two, the commit: ./commit.ts. This file
 * classifies and prices the rows; ./staging.ts writes them and numbers them for the commit.
 */

export interface ImportDeps {
  db: Db;
  log: Logger;
  /** Where uploaded reports are kept until their preview job has read them. */
  storage?: Storage | undefined;
}

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
  lots_exact: null,
  traded_at: null,
  reported_at: null,
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
> &
  Partial<Pick<NewRow, "lots_exact">>;

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
 * default type when null or not listed): a row without a given amount is priced
 * (rounded down to the yen); a given amount is kept and checked against the per-lot rates.
 * Either way the rate and where it came from are the row's. An error key when
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
  const outcome = priceRow({ lotsE8: lotsE8Of(row), commission }, applied, usdRate);
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
      lots_exact: lotsText(r.lotsE8),
      traded_at: r.tradedAt ?? null,
      reported_at: r.reportedAt ?? null,
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
      "import_rows.lots_exact",
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

export async function existingSources(
  db: Kysely<Database>,
  sources: string[],
): Promise<Set<string>> {
  const rows = await readInLists(sources, (keys) =>
    db.selectFrom("cashbacks").select("source_key").where("source_key", "in", keys).execute(),
  );
  return new Set(rows.map((r) => r.source_key));
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
    const rows = await readInLists([...set], (numbers) =>
      db
        .selectFrom("broker_accounts")
        .select(["id", "user_id", "account_number", "account_type"])
        .where("broker_id", "=", brokerId)
        .where("account_number", "in", numbers)
        .where("status", "=", "approved")
        .execute(),
    );
    for (const r of rows)
      out.set(`${brokerId}|${r.account_number}`, {
        id: r.id,
        userId: r.user_id,
        accountType: r.account_type,
      });
  }
  return out;
}
