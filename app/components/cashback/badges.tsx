import { stateBadge } from "#app/components/ui/Badge";

/** An import row's state (matched, unmatched, duplicate, error, credited) as a word. */
export const RowStatusBadge = stateBadge<"status", string>("status", {
  ns: "cashback",
  labels: "rowStatus",
  tones: {
    matched: "info",
    credited: "success",
    unmatched: "warning",
    duplicate: "neutral",
    error: "danger",
  },
});

/** An import batch's state (previewing, previewed, committing, committed, failed) as a word. */
export const BatchStatusBadge = stateBadge<"status", string>("status", {
  ns: "cashback",
  labels: "batchStatus",
  tones: {
    previewing: "info",
    previewed: "warning",
    committing: "info",
    committed: "success",
    failed: "danger",
  },
  fallback: "warning",
  testId: "batch-status",
});
