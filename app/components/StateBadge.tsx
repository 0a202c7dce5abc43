import { useTranslation } from "react-i18next";
import { Badge, type Tone } from "~/components/ui/Badge";

/** The badge's one prop, also its data attribute (`data-status`, `data-state`, `data-phase`). */
type StateProp = "status" | "state" | "phase";

/**
 * How one domain's states (a licence's status, a popup's state, a battle's phase…) read as a
 * badge: the word from `ns`:`labels`.<state> carries the meaning, the tone from `tones` only
 * echoes it.
 */
export type StateBadgeSpec<S extends string> = {
  ns: string;
  labels: string;
  tones: Partial<Record<S, Tone>>;
  /** The tone of a state missing from `tones` (a state added on the server first). */
  fallback?: Tone;
  testId?: string;
};

/**
 * Builds a domain's state badge, whose one prop (`prop`: status, state or phase) is the state.
 * The state is also put on `data-<prop>` so tests and styles can read it without parsing the
 * word. The one way every state badge is made, so they read and test alike.
 */
export function stateBadge<P extends StateProp, S extends string>(
  prop: P,
  { ns, labels, tones, fallback = "neutral", testId }: StateBadgeSpec<S>,
) {
  return function DomainStateBadge(props: { [K in P]: S }) {
    const { t } = useTranslation(ns);
    const state = props[prop];
    return (
      <Badge tone={tones[state] ?? fallback} data-testid={testId} {...{ [`data-${prop}`]: state }}>
        {t(`${labels}.${state}`)}
      </Badge>
    );
  };
}
