import type { ImportProfile } from "../../domain/import-profile";
import { latestImportJob } from "./jobs";
import { rateMismatch } from "../../domain/broker-terms";
import type { Db } from "#db";
import { memberMatches, paginate, paginateSorted } from "../../lib/paging";
import { inRange } from "../../lib/period";
import type { AdminCashbackInput, BatchRowsInput, BatchesInput } from "./schema";
import { periodDays, summaryTotals } from "./service";

/** Cashback in the admin: every credited row, the import batches and their rows. */

export async function adminCashbacks(db: Db, input: AdminCashbackInput) {
  const { from, to } = periodDays(input);
  // Left joins, though every row has its broker, account and member (foreign keys): they are
  // lookups, so the database reads cashbacks first in its (trade_date, id) index order and stops
  // after a page. With inner joins MariaDB started from the eight brokers and sorted every row.
  const query = db.kysely
    .selectFrom("cashbacks")
    .leftJoin("brokers", "brokers.id", "cashbacks.broker_id")
    .leftJoin("broker_accounts", "broker_accounts.id", "cashbacks.broker_account_id")
    .leftJoin("users", "users.id", "cashbacks.user_id")
    // At most one reward a row (affiliate_rewards.cashback_id is unique): the margin's share.
    .leftJoin("affiliate_rewards", "affiliate_rewards.cashback_id", "cashbacks.id")
    .select([
      "cashbacks.id",
      "cashbacks.trade_date as tradeDate",
      "cashbacks.traded_at as tradedAt",
      "cashbacks.amount",
      "cashbacks.lots_milli as lotsMilli",
      "cashbacks.lots_exact as lotsExact",
      "cashbacks.symbol",
      "cashbacks.rate_kind as rateKind",
      "cashbacks.rate_x100 as rateX100",
      "cashbacks.rate_type as rateType",
      "cashbacks.rate_source as rateSource",
      "cashbacks.rate_from as rateFrom",
      "cashbacks.commission_x10000 as commissionX10000",
      "cashbacks.currency",
      "cashbacks.commission_yen as commissionYen",
      "affiliate_rewards.amount as rewardYen",
      "brokers.name as brokerName",
      "broker_accounts.account_number as accountNumber",
      "users.id as userId",
      "users.email",
      "users.nickname",
      "users.name",
      "cashbacks.batch_id as batchId",
    ])
    .$call((q) => inRange(q, "cashbacks.trade_date", { start: from, end: to }))
    .$if(input.broker !== undefined, (q) => q.where("cashbacks.broker_id", "=", input.broker!))
    .$if(input.account !== undefined, (q) =>
      q.where("broker_accounts.account_number", "=", input.account!),
    )
    .$if(input.member !== undefined, (q) =>
      q.where((eb) => eb.or(memberMatches(input.member!, true))),
    );
  const sort = input.sort === "amount" ? "cashbacks.amount" : "cashbacks.trade_date";
  const back = input.dir === "asc" ? "desc" : "asc";
  // Filtered by period and broker only, the totals come from the summaries (or, for all time
  // and every broker, from the batches' credited totals): no scan of millions of rows. A member
  // or account filter narrows the rows to one person's history, which is counted directly.
  const bySummary = input.member === undefined && input.account === undefined;
  const totals = bySummary
    ? from === null && to === null && input.broker === undefined
      ? db.kysely
          .selectFrom("import_batches")
          .select((eb) => [
            eb.fn.sum<number>("amount_credited").as("amount"),
            eb.fn.sum<number>("rows_credited").as("rows"),
          ])
          .executeTakeFirst()
          .then((r) => ({ amount: Number(r?.amount ?? 0), rows: Number(r?.rows ?? 0) }))
      : summaryTotals(db, { from, to }, { brokerId: input.broker })
    : query
        .clearSelect()
        .select((eb) => [
          eb.fn.sum<number>("cashbacks.amount").as("amount"),
          eb.fn.countAll<number>().as("rows"),
        ])
        .executeTakeFirst()
        .then((r) => ({ amount: Number(r?.amount ?? 0), rows: Number(r?.rows ?? 0) }));
  const page = await paginate(
    query,
    input,
    (q) => q.orderBy(sort, input.dir).orderBy("cashbacks.id", input.dir),
    {
      count: async () => (await totals).rows,
      reversed: (q) => q.orderBy(sort, back).orderBy("cashbacks.id", back),
    },
  );
  return {
    ...page,
    rows: page.rows.map(({ commissionX10000, rewardYen, ...r }) => ({
      ...r,
      rateX100: r.rateX100 === null ? null : Number(r.rateX100),
      commission: commissionX10000 === null ? null : decimalText(BigInt(commissionX10000), 4),
      commissionYen: r.commissionYen === null ? null : Number(r.commissionYen),
      rewardYen: rewardYen === null ? 0 : Number(rewardYen),
      // What the operator kept of the row: the commission less the cashback and its reward.
      margin:
        r.commissionYen === null
          ? null
          : Number(r.commissionYen) - Number(r.amount) - Number(rewardYen ?? 0),
      lots: r.lotsExact ?? String(Number(r.lotsMilli) / 1000),
      brokerName: r.brokerName ?? "",
      accountNumber: r.accountNumber ?? "",
      userId: r.userId ?? "",
      email: r.email ?? "",
      nickname: r.nickname ?? "",
      name: r.name ?? "",
      amount: Number(r.amount),
      lotsMilli: Number(r.lotsMilli),
    })),
    totalAmount: (await totals).amount,
  };
}

export async function listBatches(db: Db, input: BatchesInput) {
  const query = db.kysely
    .selectFrom("import_batches")
    .leftJoin("users", "users.id", "import_batches.created_by")
    .select([
      "import_batches.id",
      "import_batches.file_name as fileName",
      "import_batches.status",
      "import_batches.rows_total as total",
      "import_batches.rows_matched as matched",
      "import_batches.rows_unmatched as unmatched",
      "import_batches.rows_duplicate as duplicate",
      "import_batches.rows_error as error",
      "import_batches.rows_credited as credited",
      "import_batches.amount_credited as amountCredited",
      "import_batches.usd_rate_micro as usdRateMicro",
      "import_batches.created_at as createdAt",
      "import_batches.committed_at as committedAt",
      "users.nickname as adminNickname",
      "users.email as adminEmail",
    ]);
  const page = await paginateSorted(query, input, "import_batches.created_at", "import_batches.id");
  return {
    ...page,
    rows: page.rows.map((r) => ({
      ...r,
      amountCredited: Number(r.amountCredited),
      usdRate: r.usdRateMicro === null ? null : Number(r.usdRateMicro) / 1_000_000,
    })),
  };
}

export async function batchRows(db: Db, input: BatchRowsInput) {
  const batch = await db.kysely
    .selectFrom("import_batches")
    .select([
      "id",
      "file_name as fileName",
      "status",
      "rows_total as total",
      "rows_matched as matched",
      "rows_unmatched as unmatched",
      "rows_duplicate as duplicate",
      "rows_error as error",
      "rows_rate_mismatch as rateMismatch",
      "rows_credited as credited",
      "amount_credited as amountCredited",
      "usd_rate_micro as usdRateMicro",
      "created_at as createdAt",
      "committed_at as committedAt",
      "profile",
    ])
    .where("id", "=", input.batchId)
    .executeTakeFirst();
  if (!batch) return null;
  // What the matched rows will credit (before the commit, and rows a re-run may still credit):
  // the batch's credited amount is zero until then, which read as "these rows pay nothing".
  const toCredit = await db.kysely
    .selectFrom("import_rows")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("amount_yen"), eb.lit(0)).as("amount"))
    .where("batch_id", "=", input.batchId)
    .where("status", "=", "matched")
    .executeTakeFirstOrThrow();
  const query = db.kysely
    .selectFrom("import_rows")
    .leftJoin("brokers", "brokers.id", "import_rows.broker_id")
    .select([
      "import_rows.id",
      "import_rows.line_no as line",
      "import_rows.status",
      "import_rows.error",
      "import_rows.trade_date as tradeDate",
      "import_rows.broker_text as brokerText",
      "brokers.name as brokerName",
      "import_rows.account_number as accountNumber",
      "import_rows.amount_text as amountText",
      "import_rows.currency",
      "import_rows.amount_yen as amountYen",
      "import_rows.lots_milli as lotsMilli",
      "import_rows.expected_yen as expectedYen",
      "import_rows.symbol",
      "import_rows.priced",
      "import_rows.rate_type as rateType",
      "import_rows.rate_kind as rateKind",
      "import_rows.rate_x100 as rateX100",
      "import_rows.rate_source as rateSource",
      "import_rows.rate_from as rateFrom",
      "import_rows.commission_yen as commissionYen",
      "import_rows.commission_x10000 as commissionX10000",
      "import_rows.lots_exact as lotsExact",
      "import_rows.traded_at as tradedAt",
      "import_rows.reported_at as reportedAt",
      "import_rows.source_key as sourceKey",
    ])
    .where("import_rows.batch_id", "=", input.batchId)
    .$if(input.status !== "all", (q) =>
      q.where("import_rows.status", "=", input.status as "matched"),
    );
  const page = await paginateSorted(query, input, "import_rows.line_no", "import_rows.id");
  const earlier = await duplicatesOf(db, input.batchId, page.rows);
  return {
    job: await latestImportJob(db, input.batchId),
    batch: {
      ...batch,
      amountCredited: Number(batch.amountCredited),
      amountToCredit: Number(toCredit.amount),
      usdRate: batch.usdRateMicro === null ? null : Number(batch.usdRateMicro) / 1_000_000,
      // The profile the report was read with, as it was then (the mapping the page shows).
      profile: batch.profile === null ? null : (JSON.parse(batch.profile) as ImportProfile),
    },
    page: {
      ...page,
      rows: page.rows.map((r) => {
        const amountYen = r.amountYen === null ? null : Number(r.amountYen);
        const expectedYen = r.expectedYen === null ? null : Number(r.expectedYen);
        const commissionYen = r.commissionYen === null ? null : Number(r.commissionYen);
        const { sourceKey, commissionX10000, ...row } = r;
        return {
          ...row,
          amountYen,
          lots: r.lotsExact ?? (r.lotsMilli === null ? null : String(Number(r.lotsMilli) / 1000)),
          // The IB commission as the report gave it (four decimals of its currency).
          commission: commissionX10000 === null ? null : decimalText(BigInt(commissionX10000), 4),
          // What the operator keeps of the row before any affiliate reward.
          margin:
            commissionYen === null || amountYen === null || r.status === "error"
              ? null
              : commissionYen - amountYen,
          duplicateOf: r.status === "duplicate" ? (earlier.get(sourceKey ?? "") ?? null) : null,
          expectedYen,
          rateX100: r.rateX100 === null ? null : Number(r.rateX100),
          commissionYen,
          // Not for refused rows: their amount is not credited anyway.
          rateMismatch:
            r.status !== "error" && amountYen !== null && rateMismatch(amountYen, expectedYen),
        };
      }),
    },
  };
}

/** A scaled integer as decimal text: 123_456n with 4 places is "12.3456". */
export function decimalText(value: bigint, places: number): string {
  const scale = 10n ** BigInt(places);
  const frac = (value % scale).toString().padStart(places, "0").replace(/0+$/, "");
  return frac ? `${value / scale}.${frac}` : `${value / scale}`;
}

/**
 * Where each duplicate row of a page was imported from: the batch that credited the same trade
 * (its id and file), or the line of this file it repeats.
 */
async function duplicatesOf(
  db: Db,
  batchId: string,
  rows: { status: string; sourceKey: string | null; line: number }[],
) {
  const keys = rows.filter((r) => r.status === "duplicate" && r.sourceKey).map((r) => r.sourceKey!);
  const found = new Map<string, { batchId: string; fileName: string } | { line: number }>();
  if (keys.length === 0) return found;
  const credited = await db.kysely
    .selectFrom("cashbacks")
    .innerJoin("import_batches", "import_batches.id", "cashbacks.batch_id")
    .select(["cashbacks.source_key", "import_batches.id", "import_batches.file_name"])
    .where("cashbacks.source_key", "in", keys)
    .execute();
  for (const c of credited) found.set(c.source_key, { batchId: c.id, fileName: c.file_name });
  const repeated = await db.kysely
    .selectFrom("import_rows")
    .select(["source_key", (eb) => eb.fn.min("line_no").as("line")])
    .where("batch_id", "=", batchId)
    .where("source_key", "in", keys)
    .where("status", "<>", "duplicate")
    .groupBy("source_key")
    .execute();
  for (const r of repeated)
    if (!found.has(r.source_key!)) found.set(r.source_key!, { line: Number(r.line) });
  return found;
}
