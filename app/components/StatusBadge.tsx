import { stateBadge } from "#app/components/ui/Badge";

/** A request's state as a word and a colour (the word carries the meaning, not the colour). */
export const StatusBadge = stateBadge<"status", string>("status", {
  ns: "wallet",
  labels: "status",
  tones: {
    pending: "warning",
    checking: "info",
    sent: "info",
    completed: "success",
    rejected: "danger",
    failed: "danger",
    cancelled: "neutral",
    returned: "neutral",
  },
});
