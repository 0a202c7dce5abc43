import { useTranslation } from "react-i18next";

const base = "inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold";

const STATUS_TONES = {
  open: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-100",
  upcoming: "bg-sky-100 text-sky-900 dark:bg-sky-900/40 dark:text-sky-100",
  closed: "bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100",
  soldOut: "bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-100",
} as const;

/** A gacha's state in words (open, upcoming, closed, or sold out for an emptied box). */
export function GachaStatusBadge({
  status,
  soldOut = false,
}: {
  status: "open" | "upcoming" | "closed";
  soldOut?: boolean;
}) {
  const { t } = useTranslation("gacha");
  const key = status === "open" && soldOut ? "soldOut" : status;
  return (
    <span data-testid="gacha-status" data-status={key} className={`${base} ${STATUS_TONES[key]}`}>
      {t(`status.${key}`)}
    </span>
  );
}

export function PlayedBadge() {
  const { t } = useTranslation("gacha");
  return (
    <span
      data-testid="gacha-played"
      className={`${base} bg-violet-100 text-violet-900 dark:bg-violet-900/40 dark:text-violet-100`}
    >
      {t("status.played")}
    </span>
  );
}

const STATE_TONES: Record<string, string> = {
  available: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-100",
  used: "bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100",
  expired: "bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-100",
  not_started: "bg-sky-100 text-sky-900 dark:bg-sky-900/40 dark:text-sky-100",
  credited: "bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100",
  none: "bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200",
};

/** A won reward's state: an item's available / used / expired / not started, or cash / none. */
export function LogStateBadge({ state }: { state: string }) {
  const { t } = useTranslation("gacha");
  return (
    <span
      data-testid="log-state"
      data-state={state}
      className={`${base} ${STATE_TONES[state] ?? STATE_TONES.none}`}
    >
      {t(`states.${state}`)}
    </span>
  );
}
