import CheckCircleIcon from "@heroicons/react/20/solid/CheckCircleIcon";
import { JapaneseOnly } from "#app/components/JapaneseOnly";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { focusRing } from "#app/components/shell/styles";
import { formatDate, formatDay } from "#app/lib/format";
import { formatYen } from "#app/lib/money";
import { Badge } from "#app/components/ui/Badge";
import { card } from "#app/components/ui/card";
import { PageHeading } from "#app/components/ui/PageTitle";
import { EmptyState } from "#app/components/ui/EmptyState";

export interface MarathonView {
  id: string;
  title: string;
  japanese: { title: boolean };
  startsOn: string;
  endsOn: string | null;
  /** Stopped: shown for the goals the member reached in it. */
  ended: boolean;
  total: number;
  goals: {
    marathonNumber: number;
    threshold: number;
    reward: number;
    reached: boolean;
    /** What the member was paid for the goal, and when; null when not reached. */
    paid: number | null;
    reachedAt: string | null;
  }[];
}

/** The course switch (general / Axi) at the top of the member's marathon pages. */
function CourseTabs({ course }: { course: "general" | "axi" }) {
  const { t } = useTranslation("marathon");
  const tabs = [
    { course: "general", to: "/users/cb_marathon" },
    { course: "axi", to: "/users/cb_marathon/axi" },
  ] as const;
  return (
    <nav className="flex gap-2" aria-label={t("title")}>
      {tabs.map((tab) => {
        const current = tab.course === course;
        return (
          <Link
            key={tab.course}
            to={tab.to}
            aria-current={current ? "page" : undefined}
            className={`inline-flex min-h-11 items-center rounded-full px-4 py-1.5 text-sm font-semibold ${focusRing} ${
              current
                ? "bg-emerald-700 text-white"
                : "border border-slate-300 bg-white text-slate-700 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-200"
            }`}
          >
            {t(`courses.${tab.course}`)}
          </Link>
        );
      })}
    </nav>
  );
}

/** A member's progress toward each goal of the course's running marathons. */
export function MarathonProgress({
  course,
  marathons,
}: {
  course: "general" | "axi";
  marathons: MarathonView[];
}) {
  const { t } = useTranslation("marathon");
  return (
    <div className="space-y-5">
      <PageHeading title={t("title")} lead={t("intro")} />
      <CourseTabs course={course} />
      {course === "axi" && (
        <p className="text-sm text-slate-600 dark:text-slate-300">{t("axiNote")}</p>
      )}
      {marathons.length === 0 && <EmptyState testId="marathon-empty">{t("empty")}</EmptyState>}
      {marathons.map((m) => (
        <section key={m.id} data-testid="marathon" className={`${card} p-4 sm:p-6`}>
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="break-words text-lg font-bold">
              <JapaneseOnly text={m.title} japanese={m.japanese.title} />
            </h2>
            {m.ended && (
              <Badge tone="muted" data-testid="marathon-ended">
                {t("ended")}
              </Badge>
            )}
          </div>
          <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
            {t("period")}: <MarathonDates startsOn={m.startsOn} endsOn={m.endsOn} />
          </p>
          <div className="mt-4 flex flex-wrap items-baseline justify-between gap-2 rounded-lg bg-emerald-50 px-4 py-3 dark:bg-emerald-950/40">
            <span className="text-sm text-slate-700 dark:text-slate-200">
              {t(m.ended ? "totalEnded" : "total")}
            </span>
            <span
              className="text-2xl font-bold text-emerald-800 dark:text-emerald-300"
              data-testid="marathon-total"
            >
              {formatYen(m.total)}
            </span>
          </div>
          <ol className="mt-4 space-y-3">
            {m.goals.map((g) => {
              const percent = Math.min(100, Math.floor((m.total / g.threshold) * 100));
              const done = g.reached || (!m.ended && m.total >= g.threshold);
              return (
                <li
                  key={g.marathonNumber}
                  data-testid={`goal-${g.marathonNumber}`}
                  className="rounded-lg border border-slate-200 p-3 dark:border-slate-700"
                >
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <span className="font-semibold">{t("goal", { number: g.marathonNumber })}</span>
                    {done ? (
                      <Badge tone="success" className="items-center gap-1">
                        <CheckCircleIcon className="h-4 w-4" aria-hidden="true" />
                        {t("reached")}
                      </Badge>
                    ) : (
                      <Badge tone="muted">{t("notReached")}</Badge>
                    )}
                  </div>
                  <dl className="mt-2 grid grid-cols-2 gap-2 text-sm">
                    <div>
                      <dt className="text-xs text-slate-500 dark:text-slate-400">
                        {t("threshold")}
                      </dt>
                      <dd className="font-medium">{formatYen(g.threshold)}</dd>
                    </div>
                    <div>
                      <dt className="text-xs text-slate-500 dark:text-slate-400">{t("reward")}</dt>
                      <dd className="font-medium">{formatYen(g.paid ?? g.reward)}</dd>
                    </div>
                  </dl>
                  {g.paid !== null && (
                    <p className="mt-2 text-xs text-emerald-800 dark:text-emerald-300">
                      {t("paid", { amount: formatYen(g.paid), date: formatDate(g.reachedAt) })}
                    </p>
                  )}
                  <div
                    className="mt-3 h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
                    role="progressbar"
                    aria-label={t("progressLabel", { number: g.marathonNumber })}
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-valuenow={done ? 100 : percent}
                  >
                    <div
                      className="h-full rounded-full bg-emerald-600"
                      style={{ width: `${done ? 100 : percent}%` }}
                    />
                  </div>
                  {!done && !m.ended && (
                    <p className="mt-1 text-right text-xs text-slate-600 dark:text-slate-300">
                      {t("remaining", { amount: formatYen(g.threshold - m.total) })}
                    </p>
                  )}
                </li>
              );
            })}
          </ol>
        </section>
      ))}
    </div>
  );
}

/** A marathon's days in the one date format; an open end worded as such, never a bare dash. */
export function MarathonDates({ startsOn, endsOn }: { startsOn: string; endsOn: string | null }) {
  const { t } = useTranslation("marathon");
  return (
    <span className="whitespace-nowrap">
      {endsOn
        ? t("periodRange", { start: formatDay(startsOn), end: formatDay(endsOn) })
        : t("periodOpen", { start: formatDay(startsOn) })}
    </span>
  );
}
