import { focusRing } from "~/components/shell/styles";
import { buttonClass } from "~/components/ui/button";

export interface RowDecision {
  label: string;
  /** Names the row too ("Complete ¥5,000 for Hanako"): many rows show the same button. */
  ariaLabel: string;
  testId: string;
  onClick: () => void;
}

const refuseClass = `whitespace-nowrap rounded-md border border-red-300 bg-white px-2.5 py-1 text-xs font-semibold text-red-700 hover:bg-red-50 dark:border-red-800 dark:bg-slate-800 dark:text-red-300 dark:hover:bg-red-950 ${focusRing}`;

/**
 * A pending request's two decisions in its table row (a withdrawal, a transfer): go ahead, and
 * refuse in red. Each opens the page's confirmation dialog; nothing is decided by the click.
 */
export function RowDecisions({ accept, refuse }: { accept: RowDecision; refuse: RowDecision }) {
  return (
    <span className="flex flex-col">
      {[accept, refuse].map((d) => (
        <button
          key={d.testId}
          type="button"
          onClick={d.onClick}
          data-testid={d.testId}
          aria-label={d.ariaLabel}
          className={d === accept ? buttonClass({ size: "sm" }) : refuseClass}
        >
          {d.label}
        </button>
      ))}
    </span>
  );
}
