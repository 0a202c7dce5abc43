import { StateBadge } from "~/components/StateBadge";
import type { Tone } from "~/components/ui/Badge";

const TONES: Record<string, Tone> = {
  pending: "warning",
  sent: "info",
  completed: "success",
  rejected: "danger",
  failed: "danger",
  cancelled: "neutral",
};

/** A request's state as a word and a colour (the word carries the meaning, not the colour). */
export function StatusBadge({ status }: { status: string }) {
  return <StateBadge state={status} ns="wallet" labels="status" tones={TONES} />;
}
