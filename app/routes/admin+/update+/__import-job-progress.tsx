import { useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { formatCount } from "#app/components/cashback/months";
import { Alert } from "#app/components/ui/Alert";
import { card } from "#app/components/ui/card";
import { formatYen } from "#app/lib/money";

export interface ImportJobView {
  kind: "preview" | "commit" | "rerun";
  state: "queued" | "running" | "done" | "failed";
  rowsTotal: number;
  rowsDone: number;
  rowsCredited: number;
  amountCredited: number;
  error: string | null;
  errorParams: Record<string, string>;
  rowsPerSecond: number | null;
  secondsLeft: number | null;
  /** 0–100, reaching 100 only when the job is done (server/features/cashback/jobs.ts). */
  percent: number;
}

/** How often an open page asks for the job's progress while it runs. */
const POLL_MS = 2000;

/**
 * The batch's job (its preview, or its crediting): rows done of total, the rate and the time left while it runs, the
 * outcome once it has ended. While the job is waiting or running, the page reloads its data
 * every two seconds (not while the tab is hidden), so an admin who left and came back sees
 * where it stands.
 */
export function ImportJobProgress({ job }: { job: ImportJobView }) {
  const { t } = useTranslation(["cashback", "errors"]);
  const revalidator = useRevalidator();
  const active = job.state === "queued" || job.state === "running";

  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      if (document.visibilityState === "visible" && revalidator.state === "idle")
        revalidator.revalidate();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [active, revalidator]);

  if (job.state === "done" && job.kind === "preview") {
    return (
      <Alert tone="success" testId="job-done">
        {t("batch.job.previewDone", { rows: formatCount(job.rowsTotal) })}
      </Alert>
    );
  }
  if (job.state === "failed" && job.kind === "preview") {
    return (
      <Alert tone="error" testId="job-failed">
        {t("batch.job.previewFailed", {
          reason: t(`errors:${job.error ?? "import.jobFailed"}`, job.errorParams),
        })}
      </Alert>
    );
  }
  if (job.state === "done") {
    return (
      <Alert tone="success" testId="job-done">
        {t("batch.job.done", { rows: job.rowsCredited, amount: formatYen(job.amountCredited) })}
      </Alert>
    );
  }
  if (job.state === "failed") {
    return (
      <Alert tone="error" testId="job-failed">
        {t("batch.job.failed", {
          reason: t(`errors:${job.error ?? "import.jobFailed"}`, job.errorParams),
        })}
      </Alert>
    );
  }

  const percent = job.percent;
  const left =
    job.secondsLeft === null
      ? null
      : job.secondsLeft < 60
        ? t("batch.job.leftSeconds", { count: job.secondsLeft })
        : t("batch.job.leftMinutes", { count: Math.ceil(job.secondsLeft / 60) });
  return (
    <section
      aria-labelledby="job-title"
      className={`${card} space-y-3 p-4`}
      data-testid="job-progress"
    >
      <h2 id="job-title" className="font-semibold">
        {t("batch.job.title")} · {t(`batch.job.${job.kind}`)}
      </h2>
      {job.state === "queued" ? (
        <p className="text-sm text-slate-700 dark:text-slate-200">{t("batch.job.queued")}</p>
      ) : (
        <>
          <div
            className="h-3 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
            role="progressbar"
            aria-labelledby="job-title"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
          >
            <div className="h-full rounded-full bg-emerald-600" style={{ width: `${percent}%` }} />
          </div>
          <p
            className="flex flex-wrap gap-x-4 gap-y-1 text-sm tabular-nums text-slate-700 dark:text-slate-200"
            data-testid="job-figures"
          >
            <span>
              {t("batch.job.progress", {
                done: formatCount(job.rowsDone),
                total: formatCount(job.rowsTotal),
              })}{" "}
              ({percent}%)
            </span>
            {job.rowsPerSecond !== null && (
              <span>{t("batch.job.rate", { rate: formatCount(job.rowsPerSecond) })}</span>
            )}
            {left && <span>{left}</span>}
          </p>
        </>
      )}
      <p className="text-sm text-slate-500 dark:text-slate-400">{t("batch.job.leaveHint")}</p>
    </section>
  );
}
