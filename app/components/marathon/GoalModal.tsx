import {
  Dialog,
  DialogBackdrop,
  DialogPanel,
  DialogTitle,
} from "#app/components/ui/headless/dialog";
import { JapaneseBadge } from "#app/components/JapaneseOnly";
import TrophyIcon from "@heroicons/react/24/outline/TrophyIcon";
import { Fragment, type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { focusRing } from "#app/components/shell/styles";
import { modalTextLines } from "#app/lib/marathon-text";
import { formatYen } from "#app/lib/money";
import { reportShown } from "#app/lib/dialogs";
import { card } from "#app/components/ui/card";

export interface PendingGoal {
  id: string;
  marathonNumber: number;
  modalText: string;
  /** The text is in Japanese for an English reader (no English written); absent in the preview. */
  japanese?: { modalText: boolean };
  reward: number;
}

/**
 * The marathon goal modal: the member's reached goals not yet shown (oldest first, from the
 * root loader), one after another. Each goal, once on screen, is marked shown (is_modal true),
 * so it never shows again; a failed mark logs a warning.
 */
export function GoalModal({ goals }: { goals: PendingGoal[] }) {
  const { t } = useTranslation("marathon");
  const [index, setIndex] = useState(0);

  const current = goals[index];
  const currentId = current?.id;
  useEffect(() => {
    if (!currentId) return;
    reportShown("goalsShown", [currentId]).catch((error: unknown) => {
      console.warn("marathon goal could not be marked shown", error);
    });
  }, [currentId]);

  if (!current) return null;
  return (
    <Dialog
      open
      onClose={() => setIndex((i) => i + 1)}
      // Named from the first paint: the title's aria-labelledby is set in an effect after the
      // panel shows, and an accessibility check in between found a dialog with no name.
      aria-label={t("modal.title")}
      className="relative z-50"
    >
      <DialogBackdrop className="fixed inset-0 bg-slate-900/50 dark:bg-black/70" />
      <div className="fixed inset-0 flex w-screen items-center justify-center overflow-y-auto p-4">
        <DialogPanel
          data-testid="marathon-goal-modal"
          className={`${card} w-full max-w-md p-6 text-center shadow-xl`}
        >
          <GoalCard
            goal={current}
            title={<DialogTitle className={goalTitleClass}>{t("modal.title")}</DialogTitle>}
            counter={
              goals.length > 1
                ? t("modal.counter", { current: index + 1, total: goals.length })
                : null
            }
          >
            <button
              type="button"
              data-autofocus
              onClick={() => setIndex((i) => i + 1)}
              className={closeButton}
            >
              {t("modal.close")}
            </button>
          </GoalCard>
        </DialogPanel>
      </div>
    </Dialog>
  );
}

/** The popup title's look (the modal's DialogTitle; a plain heading in the preview). */
export const goalTitleClass = "mt-2 text-lg font-bold text-slate-900 dark:text-white";
const closeButton = `mt-6 inline-flex min-h-11 w-full items-center justify-center rounded-md bg-emerald-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-emerald-800 sm:w-auto sm:min-w-32 ${focusRing}`;

/**
 * What the goal modal shows of one goal: the trophy, the title, the goal's number, its text
 * (line-break markers become line breaks, never markup) and its reward. The modal puts it in
 * a dialog; the admin's marathon editor shows it as the preview of what members will see.
 */
export function GoalCard({
  goal,
  title,
  counter,
  children,
}: {
  goal: Pick<PendingGoal, "marathonNumber" | "modalText" | "reward" | "japanese">;
  title: ReactNode;
  counter?: string | null;
  /** The close button (the preview shows its look only). */
  children: ReactNode;
}) {
  const { t } = useTranslation("marathon");
  const lines = modalTextLines(goal.modalText);
  return (
    <>
      <TrophyIcon className="mx-auto h-12 w-12 text-amber-500" aria-hidden="true" />
      {title}
      <p className="mt-1 text-sm font-semibold text-emerald-700 dark:text-emerald-400">
        {t("goal", { number: goal.marathonNumber })}
      </p>
      <p
        data-testid="marathon-goal-text"
        className="mt-4 text-sm [overflow-wrap:anywhere] text-slate-700 dark:text-slate-200"
      >
        {lines.map((line, i) => (
          <Fragment key={i}>
            {i > 0 && <br />}
            {line}
          </Fragment>
        ))}
        {goal.japanese?.modalText && <JapaneseBadge className="ml-1.5 align-middle" />}
      </p>
      {goal.reward > 0 && (
        <p className="mt-4 text-sm font-semibold text-slate-900 dark:text-white">
          {t("modal.reward", { amount: formatYen(goal.reward) })}
        </p>
      )}
      {counter && <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">{counter}</p>}
      {children}
    </>
  );
}

/** The preview's close button: the modal's look, inert. */
export function GoalCardCloseLook({ label }: { label: string }) {
  return (
    <span aria-hidden="true" className={closeButton}>
      {label}
    </span>
  );
}
