import type { AliasedSelectQueryBuilder } from "kysely";
import type { Db } from "#db";
import type { Language } from "#db/schema";
import { readerText } from "../../lib/localized";
import { mapRows, paginateSorted } from "../../lib/paging";
import { inRange, periodRange } from "../../lib/period";
import type { ListInput } from "./schema";
import { memberCredits } from "./statement";
import { memberStatus } from "../../domain/second-approval";

/** The member's money histories: what left the wallet and what came into it, a page at a time. */

/**
 * One page of a history merged from two sources (UNION ALL), by amount or by date as the
 * member chose, the id breaking ties.
 */
function pageOfMerged<O extends { id: string; created_at: string; amount: number }>(
  db: Db,
  merged: AliasedSelectQueryBuilder<O, "h">,
  input: ListInput,
) {
  const union = db.kysely.selectFrom(merged).selectAll();
  return paginateSorted(union, input, input.sort === "amount" ? "amount" : "created_at", "id");
}

/**
 * The member's withdrawal history: withdrawals and transfers they sent (method "transfer"),
 * newest first, one page at a time.
 */
export async function withdrawalHistory(
  db: Db,
  userId: string,
  input: ListInput,
  locale: Language = "ja",
) {
  const { start, end } = periodRange(input);
  const withdrawals = db.kysely
    .selectFrom("withdrawals")
    .select((eb) => [
      "id",
      "created_at",
      "completed_at",
      "amount",
      eb.ref("method").$castTo<string>().as("method"),
      eb.ref("status").$castTo<string>().as("status"),
      "reject_reason",
      "reject_reason_en",
      eb.ref("next_business_day").$castTo<number>().as("next_business_day"),
      eb.val(0).as("fee"),
      eb.val(null).$castTo<string | null>().as("counterparty"),
    ])
    .where("user_id", "=", userId)
    .$call((q) => inRange(q, "created_at", { start, end }));
  const transfers = db.kysely
    .selectFrom("transfers")
    .innerJoin("users", "users.id", "transfers.receiver_id")
    .select((eb) => [
      "transfers.id",
      "transfers.created_at",
      eb.ref("transfers.decided_at").as("completed_at"),
      "transfers.amount",
      eb.val("transfer").$castTo<string>().as("method"),
      eb.ref("transfers.status").$castTo<string>().as("status"),
      eb.ref("transfers.fail_reason").as("reject_reason"),
      eb.ref("transfers.fail_reason_en").as("reject_reason_en"),
      eb.val(0).$castTo<number>().as("next_business_day"),
      "transfers.fee",
      eb.ref("users.nickname").$castTo<string | null>().as("counterparty"),
    ])
    .where("transfers.sender_id", "=", userId)
    .$call((q) => inRange(q, "transfers.created_at", { start, end }));

  const page = await pageOfMerged(db, withdrawals.unionAll(transfers).as("h"), input);
  return mapRows(page, (r) => ({
    id: String(r.id),
    createdAt: String(r.created_at),
    completedAt: r.completed_at ? String(r.completed_at) : null,
    amount: Number(r.amount),
    fee: Number(r.fee),
    method: String(r.method),
    // The admins' second approval is theirs alone: the member reads it as still in review.
    status: memberStatus(String(r.status)),
    ...(() => {
      const reason = readerText(
        r.reject_reason ? String(r.reject_reason) : null,
        r.reject_reason_en ? String(r.reject_reason_en) : null,
        locale,
      );
      return { rejectReason: reason.text, rejectReasonLang: reason.lang };
    })(),
    nextBusinessDay: Number(r.next_business_day) === 1,
    counterparty: r.counterparty ? String(r.counterparty) : null,
  }));
}

/** The deposit history: every credit to the wallet, from the statement's ledger query. */
export async function depositHistory(
  db: Db,
  userId: string,
  input: ListInput,
  locale: Language = "ja",
) {
  const page = await memberCredits(db, userId, input, locale);
  return {
    ...page,
    rows: page.rows.map((r) => ({
      id: r.id,
      createdAt: r.createdAt,
      amount: r.availableDelta,
      entry: r.entry,
      reason: r.note,
      reasonLang: r.noteLang,
      counterparty: r.counterparty,
      party: r.party,
    })),
  };
}
