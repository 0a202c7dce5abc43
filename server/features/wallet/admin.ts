import { z } from "zod";
import type { Db } from "#db";
import { contains, listPage, memberMatches, pagingSchema } from "../../lib/paging";
import { inRange, periodInput, periodRange } from "../../lib/period";
import { WITHDRAWAL_STATUSES } from "../../domain/withdrawal";
import { WITHDRAWAL_METHODS } from "./schema";

/** Admin lists of money requests: filters, server-side paging and sorting, CSV export. */

/**
 * Who gave a large request's first approval (joined as `fa`) and who the second (`sa`), as the
 * lists name them: the name, or the email of an admin without one.
 */
const FIRST_APPROVER_COLUMNS = [
  "fa.name as first_approver_name",
  "fa.email as first_approver_email",
] as const;
const APPROVER_COLUMNS = [
  ...FIRST_APPROVER_COLUMNS,
  "sa.name as approver_name",
  "sa.email as approver_email",
] as const;

function firstApprover(r: {
  first_approved_by: string | null;
  first_approver_name: string | null;
  first_approver_email: string | null;
}) {
  return r.first_approved_by
    ? { id: r.first_approved_by, name: r.first_approver_name ?? r.first_approver_email ?? "" }
    : null;
}

function secondApprover(r: { approver_name: string | null; approver_email: string | null }) {
  return r.approver_name || r.approver_email ? (r.approver_name ?? r.approver_email) : null;
}

const memberFilter = z.string().trim().max(254).catch("").default("");

export const adminWithdrawalsInput = pagingSchema(["createdAt", "amount"], {
  sort: "createdAt",
  dir: "desc",
})
  .extend({
    status: z
      .enum([...WITHDRAWAL_STATUSES, "all"])
      .catch("pending")
      .default("pending"),
    method: z
      .enum([...WITHDRAWAL_METHODS, "all"])
      .catch("all")
      .default("all"),
    member: memberFilter,
  })
  .and(periodInput.catch({ period: "all" }));

export type AdminWithdrawalsInput = z.output<typeof adminWithdrawalsInput>;

export async function adminWithdrawals(db: Db, input: AdminWithdrawalsInput) {
  const { start, end } = periodRange(input);
  const query = db.kysely
    .selectFrom("withdrawals")
    .innerJoin("users", "users.id", "withdrawals.user_id")
    .leftJoin("users as fa", "fa.id", "withdrawals.first_approved_by")
    .leftJoin("users as sa", "sa.id", "withdrawals.approved_by")
    .select([
      "withdrawals.first_approved_by",
      ...APPROVER_COLUMNS,
      "withdrawals.id",
      "withdrawals.created_at",
      "withdrawals.completed_at",
      "withdrawals.rejected_at",
      "withdrawals.sent_at",
      "withdrawals.amount",
      "withdrawals.method",
      "withdrawals.status",
      "withdrawals.payout",
      "withdrawals.reject_reason",
      "withdrawals.next_business_day",
      "users.id as user_id",
      "users.email",
      "users.name",
      "users.nickname",
    ])
    .$if(input.status !== "all", (q) =>
      q.where("withdrawals.status", "=", input.status as "pending"),
    )
    .$if(input.method !== "all", (q) => q.where("withdrawals.method", "=", input.method as "bank"))
    .$call((q) => inRange(q, "withdrawals.created_at", { start, end }))
    .$if(input.member !== "", (q) => q.where((eb) => eb.or(memberMatches(input.member, true))));
  const sortColumn = input.sort === "amount" ? "withdrawals.amount" : "withdrawals.created_at";
  return listPage(query, input, sortColumn, "withdrawals.id", (r) => ({
    id: r.id,
    createdAt: r.created_at,
    completedAt: r.completed_at,
    rejectedAt: r.rejected_at,
    sentAt: r.sent_at,
    amount: Number(r.amount),
    method: r.method,
    status: r.status,
    payout: JSON.parse(r.payout) as Record<string, unknown>,
    rejectReason: r.reject_reason,
    nextBusinessDay: Number(r.next_business_day) === 1,
    member: { id: r.user_id, email: r.email, name: r.name, nickname: r.nickname },
    /** Who made the first approval of a large one, and who the second. */
    firstApprover: firstApprover(r),
    approver: secondApprover(r),
  }));
}

export const adminTransfersInput = pagingSchema(["createdAt", "amount"], {
  sort: "createdAt",
  dir: "desc",
}).extend({
  status: z
    .enum(["pending", "checking", "completed", "failed", "all"])
    .catch("pending")
    .default("pending"),
});

export async function adminTransfers(db: Db, input: z.output<typeof adminTransfersInput>) {
  const query = db.kysely
    .selectFrom("transfers")
    .innerJoin("users as s", "s.id", "transfers.sender_id")
    .innerJoin("users as r", "r.id", "transfers.receiver_id")
    .leftJoin("users as fa", "fa.id", "transfers.first_approved_by")
    .select([
      "transfers.first_approved_by",
      ...FIRST_APPROVER_COLUMNS,
      "transfers.id",
      "transfers.created_at",
      "transfers.decided_at",
      "transfers.amount",
      "transfers.fee",
      "transfers.message",
      "transfers.status",
      "transfers.fail_reason",
      "s.email as sender_email",
      "s.nickname as sender_nickname",
      "r.email as receiver_email",
      "r.nickname as receiver_nickname",
    ])
    .$if(input.status !== "all", (q) =>
      q.where("transfers.status", "=", input.status as "pending"),
    );
  const sortColumn = input.sort === "amount" ? "transfers.amount" : "transfers.created_at";
  return listPage(query, input, sortColumn, "transfers.id", (r) => ({
    id: r.id,
    createdAt: r.created_at,
    decidedAt: r.decided_at,
    amount: Number(r.amount),
    fee: Number(r.fee),
    message: r.message,
    status: r.status,
    failReason: r.fail_reason,
    sender: { email: r.sender_email, nickname: r.sender_nickname },
    receiver: { email: r.receiver_email, nickname: r.receiver_nickname },
    firstApprover: firstApprover(r),
  }));
}

export const adminPresentsInput = pagingSchema(["createdAt", "amount"], {
  sort: "createdAt",
  dir: "desc",
})
  .extend({
    member: memberFilter,
    /** Every present by default; "checking" lists the ones awaiting a second approval. */
    status: z.enum(["completed", "checking", "returned", "all"]).catch("all").default("all"),
  })
  .and(periodInput.catch({ period: "all" }));

export async function adminPresents(db: Db, input: z.output<typeof adminPresentsInput>) {
  const { start, end } = periodRange(input);
  const query = db.kysely
    .selectFrom("presents")
    .innerJoin("users", "users.id", "presents.user_id")
    .leftJoin("users as fa", "fa.id", "presents.first_approved_by")
    .leftJoin("users as sa", "sa.id", "presents.approved_by")
    .select([
      "presents.id",
      "presents.created_at",
      "presents.amount",
      "presents.reason",
      "presents.status",
      "presents.first_approved_by",
      "presents.send_back_reason",
      ...APPROVER_COLUMNS,
      "users.email",
      "users.nickname",
      "users.name",
    ])
    .$call((q) => inRange(q, "presents.created_at", { start, end }))
    .$if(input.status !== "all", (q) => q.where("presents.status", "=", input.status as "checking"))
    .$if(input.member !== "", (q) =>
      q.where((eb) =>
        eb.or([
          contains("users.email", input.member.toLowerCase()),
          contains("users.nickname", input.member),
          contains("users.name", input.member),
        ]),
      ),
    );
  const sortColumn = input.sort === "amount" ? "presents.amount" : "presents.created_at";
  return listPage(query, input, sortColumn, "presents.id", (r) => ({
    id: r.id,
    createdAt: r.created_at,
    amount: Number(r.amount),
    reason: r.reason,
    status: r.status,
    member: { email: r.email, nickname: r.nickname, name: r.name },
    /** Who made one over the threshold (its first approval) while it awaits the second. */
    firstApprover: firstApprover(r),
    approver: secondApprover(r),
    sendBackReason: r.send_back_reason,
  }));
}
