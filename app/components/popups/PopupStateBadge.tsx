import { stateBadge } from "#app/components/ui/Badge";

export type PopupState = "showing" | "scheduled" | "ended" | "inactive";

/** A popup's state in words (the word carries the meaning, not the colour). */
export const PopupStateBadge = stateBadge<"state", PopupState>("state", {
  ns: "popup",
  labels: "admin.states",
  tones: { showing: "success", scheduled: "info", ended: "neutral", inactive: "danger" },
  testId: "popup-state",
});
