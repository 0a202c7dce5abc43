import { useTranslation } from "react-i18next";
import { Badge, type Tone } from "~/components/ui/Badge";

/**
 * A domain state (a licence's status, a popup's state, a battle's phase…) as a badge: the word
 * from `ns`:`labels`.<state> carries the meaning, the tone from `tones` only echoes it. The state
 * is also put on `data-<attr>` so tests and styles can read it without parsing the word.
 */
export function StateBadge<S extends string>({
  state,
  ns,
  labels,
  tones,
  fallback = "neutral",
  attr = "status",
  testId,
}: {
  state: S;
  ns: string;
  labels: string;
  tones: Partial<Record<S, Tone>>;
  /** The tone of a state missing from `tones` (a state added on the server first). */
  fallback?: Tone;
  attr?: "status" | "state" | "phase";
  testId?: string;
}) {
  const { t } = useTranslation(ns);
  return (
    <Badge tone={tones[state] ?? fallback} data-testid={testId} {...{ [`data-${attr}`]: state }}>
      {t(`${labels}.${state}`)}
    </Badge>
  );
}
