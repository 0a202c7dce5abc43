import type { Db } from "#db";
import type { Language } from "#db/schema";
import { readerText } from "../../lib/localized";
import {
  type Party,
  partyOf,
  STATEMENT_GROUP_KINDS,
  type StatementEntry,
  statementEntry,
} from "../../domain/statement";
import { memberWallet, type MovementKind } from "../../ledger";
import { paginate } from "../../lib/paging";
import { inRange, periodRange } from "../../lib/period";
import type { ListInput, StatementInput } from "./schema";

export interface StatementRow {
  /** The ledger transaction's id. */
  id: string;
  createdAt: string;
  kind: MovementKind;
  /** What the row is called (a prize's source, a transfer's direction). */
  entry: StatementEntry;
  refType: string;
  refId: string;
  /** Signed change of each bucket by this movement. */
  availableDelta: number;
  heldDelta: number;
  /** The member's buckets right after this movement. */
  availableAfter: number;
  heldAfter: number;
  /** A transfer this member sent: its fee (part of the amount held and settled). */
  fee: number | null;
  /** A transfer: the other member's nickname. */
  counterparty: string | null;
  /** How the row names the other side (from the sender, to the recipient, the operator). */
  party: Party | null;
  /** A withdrawal: its payout method. */
  method: string | null;
  /** A present's reason, a received transfer's message. */
  note: string | null;
  /** The note's language when an admin wrote it (a present's): "ja" shown to an English reader is marked. */
  noteLang: Language | null;
}

/**
 * The member's statement: one row per ledger movement of their wallet, newest first, with the
 * change of each bucket and both buckets' balances after it.
 *
 * The balances after are running sums over ALL of the member's movements in the ledger's own
 * order (time, then id), computed before the kind and period filters, so a filtered page or a
 * later page still shows the true balance at each row. Only entries of this member's wallet
 * are read: another member's side of a transfer never shows.
 */
export async function memberStatement(
  db: Db,
  userId: string,
  input: StatementInput,
  locale: Language = "ja",
) {
  return ledgerPage(db, userId, input, { kind: input.kind ?? null, creditsOnly: false }, locale);
}

/**
 * The deposit history (/users/present): the statement's rows that credited the available
 * balance (cashback, affiliate rewards, presents, prizes, gacha wins, transfers received, the
 * refund of a withdrawal or transfer), read by the same query, so no credit can be missing.
 * Sorted by date or by amount.
 */
export async function memberCredits(
  db: Db,
  userId: string,
  input: ListInput,
  locale: Language = "ja",
) {
  return ledgerPage(db, userId, input, { kind: null, creditsOnly: true }, locale);
}

async function ledgerPage(
  db: Db,
  userId: string,
  input: (StatementInput | ListInput) & { sort: "createdAt" | "amount" },
  { kind, creditsOnly }: { kind: StatementInput["kind"] | null; creditsOnly: boolean },
  locale: Language,
) {
  const { start, end } = periodRange(input);
  const kinds = kind ? STATEMENT_GROUP_KINDS[kind] : null;
  const query = db.kysely
    .with("mine", (qb) =>
      qb
        .selectFrom("ledger_entries as e")
        .innerJoin("ledger_transactions as t", "t.id", "e.tx_id")
        .where("e.wallet_id", "=", memberWallet(userId))
        .groupBy(["t.id", "t.kind", "t.ref_type", "t.ref_id", "t.created_at"])
        .select((eb) => [
          "t.id",
          "t.kind",
          "t.ref_type",
          "t.ref_id",
          "t.created_at",
          eb.fn
            .sum<number>(
              eb.case().when("e.bucket", "=", "available").then(eb.ref("e.amount")).else(0).end(),
            )
            .as("available_delta"),
          eb.fn
            .sum<number>(
              eb.case().when("e.bucket", "=", "held").then(eb.ref("e.amount")).else(0).end(),
            )
            .as("held_delta"),
        ]),
    )
    .with("running", (qb) =>
      qb
        .selectFrom("mine")
        .selectAll()
        .select((eb) => [
          eb.fn
            .sum<number>("available_delta")
            .over((ob) => ob.orderBy("created_at").orderBy("id"))
            .as("available_after"),
          eb.fn
            .sum<number>("held_delta")
            .over((ob) => ob.orderBy("created_at").orderBy("id"))
            .as("held_after"),
        ]),
    )
    .selectFrom("running")
    .selectAll()
    .$if(kinds !== null, (q) => q.where("kind", "in", kinds!))
    .$call((q) => inRange(q, "created_at", { start, end }))
    .$if(creditsOnly, (q) => q.where("available_delta", ">", 0));

  const page = await paginate(query, input, (q) =>
    (input.sort === "amount" ? q.orderBy("available_delta", input.dir) : q)
      .orderBy("created_at", input.dir)
      .orderBy("id", input.dir),
  );
  const details = await transferAndWithdrawalDetails(db, userId, page.rows, locale);
  return {
    ...page,
    /** The filters as applied (a value the URL got wrong is no filter). */
    kind: kind ?? null,
    period: input.period,
    rows: page.rows.map((r): StatementRow => {
      const availableDelta = Number(r.available_delta);
      // Written only by server/ledger, whose kinds are MovementKind.
      const kind = r.kind as MovementKind;
      const detail = details.get(`${r.ref_type}:${r.ref_id}`);
      const entry = statementEntry(kind, r.ref_type, availableDelta);
      return {
        id: String(r.id),
        createdAt: String(r.created_at),
        kind,
        entry,
        refType: r.ref_type,
        refId: r.ref_id,
        availableDelta,
        heldDelta: Number(r.held_delta),
        availableAfter: Number(r.available_after),
        heldAfter: Number(r.held_after),
        fee: detail?.fee ?? null,
        counterparty: detail?.counterparty ?? null,
        party: partyOf(entry),
        method: detail?.method ?? null,
        note: detail?.note ?? null,
        noteLang: detail?.noteLang ?? null,
      };
    }),
  };
}

interface Detail {
  fee: number | null;
  counterparty: string | null;
  method: string | null;
  note: string | null;
  noteLang?: Language | null;
}

/**
 * What the statement adds to its transfer, withdrawal and present rows, read for the shown page
 * only: the fee of a transfer the member sent, the other member's nickname and message, a
 * withdrawal's method, a present's reason. Scoped to the member's own records.
 */
async function transferAndWithdrawalDetails(
  db: Db,
  userId: string,
  rows: { ref_type: string; ref_id: string }[],
  locale: Language,
): Promise<Map<string, Detail>> {
  const out = new Map<string, Detail>();
  const ids = (type: string) => [
    ...new Set(rows.filter((r) => r.ref_type === type).map((r) => r.ref_id)),
  ];
  const transferIds = ids("transfer");
  if (transferIds.length > 0) {
    const transfers = await db.kysely
      .selectFrom("transfers")
      .innerJoin("users as s", "s.id", "transfers.sender_id")
      .innerJoin("users as r", "r.id", "transfers.receiver_id")
      .select([
        "transfers.id",
        "transfers.sender_id",
        "transfers.fee",
        "transfers.message",
        "s.nickname as sender",
        "r.nickname as receiver",
      ])
      .where("transfers.id", "in", transferIds)
      .where((eb) =>
        eb.or([eb("transfers.sender_id", "=", userId), eb("transfers.receiver_id", "=", userId)]),
      )
      .execute();
    for (const t of transfers) {
      const sent = t.sender_id === userId;
      out.set(`transfer:${t.id}`, {
        fee: sent ? Number(t.fee) : null,
        counterparty: (sent ? t.receiver : t.sender) ?? null,
        method: null,
        note: sent ? null : (t.message ?? null),
      });
    }
  }
  const withdrawalIds = ids("withdrawal");
  if (withdrawalIds.length > 0) {
    const withdrawals = await db.kysely
      .selectFrom("withdrawals")
      .select(["id", "method"])
      .where("id", "in", withdrawalIds)
      .where("user_id", "=", userId)
      .execute();
    for (const w of withdrawals)
      out.set(`withdrawal:${w.id}`, {
        fee: null,
        counterparty: null,
        method: w.method,
        note: null,
      });
  }
  const presentIds = ids("present");
  if (presentIds.length > 0) {
    const presents = await db.kysely
      .selectFrom("presents")
      .select(["id", "reason", "reason_en"])
      .where("id", "in", presentIds)
      .where("user_id", "=", userId)
      .execute();
    for (const p of presents) {
      const note = readerText(p.reason, p.reason_en, locale);
      out.set(`present:${p.id}`, {
        fee: null,
        counterparty: null,
        method: null,
        note: note.text,
        noteLang: note.lang,
      });
    }
  }
  return out;
}
