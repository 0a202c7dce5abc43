import * as z from "zod";
import { repeated, text } from "./fields";
import { englishText } from "./form-fields";

/**
 * The admin's decisions on withdrawal and transfer requests, as the queue's forms send them and
 * the procedures take them (pure: the action and the browser check a form with them). Apart
 * from withdrawal.ts, which the member's forms load: these are the queue's alone.
 */

/** A withdrawal or transfer request named in an admin decision. */
export const idInput = z.object({ id: z.string().min(1).max(64) });

/** A request refused with the reason the member reads. */
export const rejectInput = z.object({
  id: z.string().min(1).max(64),
  reason: text(500),
  /** The reason in English (optional): English readers get it, others the Japanese. */
  reasonEn: englishText(500),
});

/**
 * A large request awaiting its second approval, sent back to the queue by another admin with
 * the reason the first approver reads (the member sees nothing).
 */
export const sendBackInput = z.object({
  id: z.string().min(1).max(64),
  reason: text(500),
});

/**
 * The requests ticked in the queue (or listed in a Zengin file): a form sends one `ids` field
 * per request, a single one as a plain value, none at all when nothing is ticked ("none").
 */
const requestIds = (max: number) =>
  repeated
    .transform((ids) => ids.filter((id) => id !== ""))
    .pipe(z.array(z.string().max(64)).min(1, "none").max(max, "tooMany"));

/** Complete many withdrawals at once (the queue's bulk form). */
export const bulkCompleteInput = z.object({ ids: requestIds(200) });

/** Mark the bank withdrawals of a Zengin file as sent. */
export const markSentInput = z.object({ ids: requestIds(5000) });

/** The withdrawal queue's forms, one decision per post, named by `intent`. */
export const withdrawalDecisionForm = z.discriminatedUnion("intent", [
  idInput.extend({ intent: z.literal("complete") }),
  idInput.extend({ intent: z.literal("approve") }),
  sendBackInput.extend({ intent: z.literal("sendBack") }),
  rejectInput.extend({ intent: z.literal("reject") }),
  markSentInput.extend({ intent: z.literal("markSent") }),
  bulkCompleteInput.extend({ intent: z.literal("bulkComplete") }),
]);

/**
 * The transfer queue's forms: approve (a large one's first approval puts it to another admin;
 * from "checking", the second approval completes it), deny with a reason, or send a large one
 * awaiting its second approval back with a reason.
 */
export const transferDecisionForm = z.discriminatedUnion("intent", [
  idInput.extend({ intent: z.literal("approve") }),
  rejectInput.extend({ intent: z.literal("deny") }),
  sendBackInput.extend({ intent: z.literal("sendBack") }),
]);
