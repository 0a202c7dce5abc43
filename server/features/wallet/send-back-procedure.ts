import { sendBackInput } from "../../domain/withdrawal-decision";
import type { adminProcedure } from "../../trpc/init";
import { type SendBackKind, sendBack } from "./approvals";

/**
 * The procedure that returns a request awaiting its second approval to its maker with a
 * reason, for each kind that has one (withdrawals, transfers, presents, rate changes and
 * adjustments): `procedure` is the admin procedure carrying the kind's permission.
 */
export function sendBackProcedure(procedure: typeof adminProcedure, kind: SendBackKind) {
  return procedure
    .input(sendBackInput)
    .mutation(({ ctx, input }) => sendBack(ctx, kind, ctx.user.id, input.id, input.reason));
}
