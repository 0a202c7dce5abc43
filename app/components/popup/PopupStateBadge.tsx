import { StateBadge } from "~/components/StateBadge";
import type { Tone } from "~/components/ui/Badge";

export type PopupState = "showing" | "scheduled" | "ended" | "inactive";

const TONES: Record<PopupState, Tone> = {
  showing: "success",
  scheduled: "info",
  ended: "neutral",
  inactive: "danger",
};

/** A popup's state in words (the word carries the meaning, not the colour). */
export function PopupStateBadge({ state }: { state: PopupState }) {
  return (
    <StateBadge
      state={state}
      ns="popup"
      labels="admin.states"
      tones={TONES}
      attr="state"
      testId="popup-state"
    />
  );
}
