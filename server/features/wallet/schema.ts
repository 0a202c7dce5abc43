import { z } from "zod";
import { presentInput } from "../../domain/present";
import { filterChoice, pagingSchema } from "../../lib/paging";
import { periodInput } from "../../lib/period";
import { amount, requestKey } from "../../domain/fields";
import { STATEMENT_GROUPS } from "../../domain/statement";
import {
  type Method,
  transferInput,
  WITHDRAWAL_METHODS,
  WITHDRAWAL_MINIMUMS,
  withdrawalInput,
} from "../../domain/withdrawal";
import {
  bulkCompleteInput,
  idInput,
  markSentInput,
  rejectInput,
  sendBackInput,
} from "../../domain/withdrawal-decision";
import { withdrawalIdInput } from "../../domain/withdrawal-id";

export {
  amount,
  bulkCompleteInput,
  idInput,
  markSentInput,
  type Method,
  rejectInput,
  requestKey,
  sendBackInput,
  transferInput,
  WITHDRAWAL_METHODS,
  WITHDRAWAL_MINIMUMS,
  withdrawalIdInput,
  withdrawalInput,
};

/** A member's history list: the table's paging and order, and a period preset from the URL. */
export const listInput = pagingSchema(["createdAt", "amount"], {
  sort: "createdAt",
  dir: "desc",
}).and(periodInput.catch({ period: "all" }));
export type ListInput = z.output<typeof listInput>;

/**
 * The member's statement: a kind group and a period from the URL, newest first by default.
 * Only one order makes sense for a running balance, so the only sort key is the time.
 */
export const statementInput = pagingSchema(["createdAt"], { sort: "createdAt", dir: "desc" })
  .extend({ kind: filterChoice(STATEMENT_GROUPS) })
  .and(periodInput.catch({ period: "all" }));
export type StatementInput = z.output<typeof statementInput>;

export const transferQuoteInput = z.object({ amount });

export { presentInput };
