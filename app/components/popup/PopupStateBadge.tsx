import { useTranslation } from "react-i18next";
import { Badge, type Tone } from "~/components/ui/Badge";

export type PopupState = "showing" | "scheduled" | "ended" | "inactive";

const TONES: Record<PopupState, Tone> = {
  showing: "success",
  scheduled: "info",
  ended: "neutral",
  inactive: "danger",
};

/** A popup's state in words (the word carries the meaning, not the colour). */
export function PopupStateBadge({ state }: { state: PopupState }) {
  const { t } = useTranslation("popup");
  return (
    <Badge tone={TONES[state]} data-testid="popup-state" data-state={state}>
      {t(`admin.states.${state}`)}
    </Badge>
  );
}
