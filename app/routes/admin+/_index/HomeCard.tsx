import ChevronRightIcon from "@heroicons/react/20/solid/ChevronRightIcon";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { focusRing } from "#app/components/shell/styles";

/** A figure of the admin home as a link to the list behind it; amber while work waits. */
export function HomeCard({
  to,
  label,
  value,
  detail,
  attention = false,
  testId,
}: {
  to: string;
  label: string;
  value: ReactNode;
  detail?: ReactNode;
  attention?: boolean;
  testId: string;
}) {
  return (
    <li>
      <Link
        to={to}
        data-testid={testId}
        className={`group flex h-full min-h-11 items-center justify-between gap-3 rounded-xl border bg-white p-4 shadow-sm hover:border-emerald-500 hover:bg-emerald-50/40 dark:bg-slate-900 dark:hover:bg-slate-800 ${
          attention
            ? "border-amber-300 dark:border-amber-700"
            : "border-slate-200 dark:border-slate-700"
        } ${focusRing}`}
      >
        <span className="min-w-0">
          <span className="block text-sm text-slate-600 dark:text-slate-300">{label}</span>
          <span className="mt-1 block text-2xl font-bold tabular-nums text-slate-900 dark:text-white">
            {value}
          </span>
          {detail && (
            <span className="mt-0.5 block text-sm tabular-nums text-slate-600 dark:text-slate-300">
              {detail}
            </span>
          )}
        </span>
        <ChevronRightIcon
          className="h-5 w-5 shrink-0 text-slate-500 group-hover:text-emerald-600 dark:text-slate-400"
          aria-hidden="true"
        />
      </Link>
    </li>
  );
}
