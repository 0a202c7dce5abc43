import { focusRing } from "#app/components/shell/styles";
import { buttonClass } from "#app/components/ui/button";

export interface RowDecision {
  label: string;
  /** Names the row too ("Complete ¥5,000 for Hanako"): many rows show the same button. */
  ariaLabel: string;
  testId: string;
  onClick: () => void;
}

// The same 44 px phone target as the accept button (buttonClass size "sm").
const refuseClass = `inline-flex min-h-11 items-center justify-center whitespace-nowrap rounded-md border border-red-300 bg-white px-2.5 py-1 text-xs font-semibold text-red-700 sm:min-h-0 hover:bg-red-50 dark:border-red-800 dark:bg-slate-800 dark:text-red-300 dark:hover:bg-red-950 ${focusRing}`;

/** One decision button in a table row; a refusal is drawn in red. */
export function RowDecisionButton({
  decision,
  refuse = false,
}: {
  decision: RowDecision;
  refuse?: boolean;
}) {
  return (
    <button
      type="button"
      onClick={decision.onClick}
      data-testid={decision.testId}
      aria-label={decision.ariaLabel}
      className={refuse ? refuseClass : buttonClass({ size: "sm" })}
    >
      {decision.label}
    </button>
  );
}

/**
 * A pending request's two decisions in its table row (a withdrawal, a transfer, a licence): go
 * ahead, and refuse in red, stacked or (`inline`) side by side. Each opens the page's
 * confirmation dialog; nothing is decided by the click.
 */
export function RowDecisions({
  accept,
  refuse,
  inline = false,
}: {
  accept: RowDecision;
  refuse: RowDecision;
  inline?: boolean;
}) {
  return (
    <span className={inline ? "flex gap-2" : "flex flex-col"}>
      <RowDecisionButton decision={accept} />
      <RowDecisionButton decision={refuse} refuse />
    </span>
  );
}
