import { StateBadge } from "~/components/StateBadge";
import type { Tone } from "~/components/ui/Badge";

const ROW_TONES: Record<string, Tone> = {
  matched: "info",
  credited: "success",
  unmatched: "warning",
  duplicate: "neutral",
  error: "danger",
};

const BATCH_TONES: Record<string, Tone> = {
  previewing: "info",
  previewed: "warning",
  committing: "info",
  committed: "success",
  failed: "danger",
};

/** An import row's state (matched, unmatched, duplicate, error, credited) as a word. */
export function RowStatusBadge({ status }: { status: string }) {
  return <StateBadge state={status} ns="cashback" labels="rowStatus" tones={ROW_TONES} />;
}

/** An import batch's state (previewed, committing, committed) as a word. */
export function BatchStatusBadge({ status }: { status: string }) {
  return (
    <StateBadge
      state={status}
      ns="cashback"
      labels="batchStatus"
      tones={BATCH_TONES}
      fallback="warning"
      testId="batch-status"
    />
  );
}
