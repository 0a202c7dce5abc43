import { Form } from "@remix-run/react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { LabelledOptions } from "#app/components/admin/LabelledOptions";
import { Field, type FormErrorShape, SelectField, TextAreaField } from "#app/components/ui/form";
import { Alert } from "#app/components/ui/Alert";
import { Button } from "#app/components/ui/button";
import { SubmitButton } from "#app/components/ui/form";
import { card } from "#app/components/ui/card";
import { GoalCard, GoalCardCloseLook, goalTitleClass } from "#app/components/marathon/GoalModal";
import { useFormValidation } from "#app/lib/validation";
import {
  blankGoalRow,
  goalFieldName,
  type GoalRowField,
  type GoalRowValues,
  marathonForm,
  MAX_GOALS,
  nextGoalNumber,
} from "#domain/marathon";

export interface MarathonFields {
  /** Empty for a new marathon. */
  id: string;
  course: "general" | "axi";
  title: string;
  titleEn: string;
  startsOn: string;
  endsOn: string;
}

export interface EditorValues {
  marathon: MarathonFields;
  rows: GoalRowValues[];
}

/** A goal's figures, side by side: its number, then the threshold and reward a reached goal keeps. */
const GOAL_FIGURES = [
  ["marathonNumber", "admin.number"],
  ["threshold", "admin.thresholdYen"],
  ["reward", "admin.rewardYen"],
] as const satisfies readonly (readonly [GoalRowField, string])[];

/** A whole yen amount as typed ("10,000", "¥10000"), or 0 while it is not one yet. */
const yenOf = (text: string) => {
  const n = Number(text.replace(/[,\s¥円]/g, ""));
  return Number.isSafeInteger(n) && n > 0 ? n : 0;
};

/**
 * The marathon editor: the marathon's fields and one row per goal (number, threshold, reward,
 * the popup text in Japanese and, optionally, English), each with a preview of the popup as the
 * member will see it. Without JavaScript, "add a goal" and "remove" are submits the page's
 * action answers with one row more or less; with it, they work in place and focus follows.
 * The browser checks the form with the procedure's own schema (a field when left, all of them
 * on save); the server's refusal comes back per row and field, each row named by its place on
 * the page. After a refused save the reason takes focus and is scrolled into view.
 */
export function MarathonEditor({
  initial,
  nextFree,
  reachedNumbers,
  error: refused,
}: {
  initial: EditorValues;
  nextFree: number;
  /** Goals of this marathon someone reached: their threshold and reward stay as they are. */
  reachedNumbers: number[];
  error: FormErrorShape | null;
}) {
  const { t } = useTranslation("marathon");
  const { marathon } = initial;
  const { formProps, error, summary, limits } = useFormValidation(
    marathonForm(marathon.id),
    refused,
  );
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const nextKey = useRef(initial.rows.length);
  const [rows, setRows] = useState(() => initial.rows.map((row, i) => ({ key: i, ...row })));
  const [focusRow, setFocusRow] = useState<number | null>(null);
  const rowRefs = useRef(new Map<number, HTMLFieldSetElement>());
  useEffect(() => {
    if (focusRow === null) return;
    rowRefs.current.get(focusRow)?.querySelector("input")?.focus();
    setFocusRow(null);
  }, [focusRow]);

  const message = (key: string | undefined) =>
    key
      ? t(`errors.${key.replace(/^marathon\./, "")}`, { defaultValue: t("errors.generic") })
      : null;
  const fieldError = (name: string) => message(error?.fieldErrors[name]);
  /** A field of the marathon itself: its name, label, value and error. */
  const field = (name: Exclude<keyof MarathonFields, "id">, label: string) => ({
    ...limits(name),
    name,
    label: t(label),
    defaultValue: marathon[name],
    error: fieldError(name),
  });
  const rowError = (i: number, field: GoalRowField) => fieldError(`goals.${i}.${field}`);
  const rowsWithErrors = rows.filter((_, i) =>
    Object.keys(error?.fieldErrors ?? {}).some((k) => k.startsWith(`goals.${i}.`)),
  ).length;

  const setField = (key: number, field: GoalRowField, value: string) =>
    setRows((all) => all.map((r) => (r.key === key ? { ...r, [field]: value } : r)));
  const addRow = () => {
    const key = nextKey.current++;
    setRows((all) => [...all, { key, ...blankGoalRow(nextGoalNumber(all, nextFree)) }]);
    setFocusRow(key);
  };
  const removeRow = (key: number) => {
    const at = rows.findIndex((r) => r.key === key);
    const rest = rows.filter((r) => r.key !== key);
    setRows(rest);
    // Focus moves to the row that took its place (or the one above), never to the page top.
    const next = rest[Math.min(at, rest.length - 1)];
    if (next) setFocusRow(next.key);
  };

  return (
    <section id="editor" className="space-y-3" aria-labelledby="marathon-editor-title">
      <h2 id="marathon-editor-title" className="text-lg font-semibold">
        {marathon.id ? t("admin.editTitle", { title: marathon.title }) : t("admin.create")}
      </h2>
      {!marathon.id && (
        <p className="text-xs text-slate-600 dark:text-slate-300">
          {t("admin.nextNumber", { number: nextFree })}
        </p>
      )}
      <RefusalSummary focusKey={summary.focusKey} refused={Boolean(summary.error)}>
        {error?.key && (
          <Alert tone="error" testId="form-error">
            {message(error.key)}
          </Alert>
        )}
        {rowsWithErrors > 0 && (
          <Alert tone="error" testId="rows-error">
            {t("admin.rowsHaveErrors", { count: rowsWithErrors })}
          </Alert>
        )}
      </RefusalSummary>
      <Form method="post" {...formProps} className="space-y-4" data-testid="marathon-editor">
        {/* Enter in a field saves (the form's first submit button), never removes a row. */}
        <button
          type="submit"
          name="intent"
          value="save"
          tabIndex={-1}
          aria-hidden="true"
          className="sr-only"
        />
        <input type="hidden" name="id" value={marathon.id} />
        <input type="hidden" name="nextFree" value={nextFree} />
        <div className={`${card} grid gap-4 p-4 sm:grid-cols-2`}>
          <SelectField {...field("course", "admin.course")}>
            <LabelledOptions values={["general", "axi"]} labels="marathon:courses" />
          </SelectField>
          <div className="hidden sm:block" />
          <Field {...field("title", "admin.titleField")} />
          <Field
            {...field("titleEn", "admin.titleEnField")}
            hint={t("admin.englishHint")}
            lang="en"
          />
          <Field {...field("startsOn", "admin.startsOn")} type="date" required />
          <Field {...field("endsOn", "admin.endsOn")} type="date" />
        </div>

        <div className="space-y-1">
          <h3 className="text-base font-semibold">{t("admin.goals")}</h3>
          <p className="text-xs text-slate-500 dark:text-slate-400">{t("admin.goalsHint")}</p>
          {fieldError("goals") && (
            <p className="text-sm text-red-600 dark:text-red-400" data-testid="error-goals">
              {fieldError("goals")}
            </p>
          )}
        </div>
        <ol className="space-y-4">
          {rows.map((row, i) => {
            const reached = reachedNumbers.includes(Number(row.marathonNumber));
            const input = (field: GoalRowField) => ({
              ...limits(goalFieldName(i, field)),
              name: goalFieldName(i, field),
              value: row[field],
              onChange: (e: { target: { value: string } }) =>
                setField(row.key, field, e.target.value),
              error: rowError(i, field),
            });
            const goal = {
              marathonNumber: Number(row.marathonNumber) || 0,
              reward: yenOf(row.reward),
            };
            return (
              <li key={row.key}>
                <fieldset
                  ref={(el) => {
                    if (el) rowRefs.current.set(row.key, el);
                    else rowRefs.current.delete(row.key);
                  }}
                  data-testid="goal-row"
                  className={`${card} grid gap-4 p-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,20rem)]`}
                >
                  <legend className="sr-only">{t("admin.rowLegend", { n: i + 1 })}</legend>
                  <div className="min-w-0 space-y-3">
                    <div className="flex items-center justify-between gap-2">
                      <p aria-hidden="true" className="text-sm font-semibold">
                        {t("admin.rowLegend", { n: i + 1 })}
                      </p>
                      <Button
                        type="submit"
                        name="intent"
                        value={`removeRow:${i}`}
                        variant="secondary"
                        size="sm"
                        disabled={rows.length === 1}
                        aria-label={t("admin.removeRowLabel", { n: i + 1 })}
                        data-testid="goal-remove"
                        onClick={(e) => {
                          if (!hydrated) return;
                          e.preventDefault();
                          removeRow(row.key);
                        }}
                      >
                        {t("admin.removeRow")}
                      </Button>
                    </div>
                    <div className="grid gap-3 sm:grid-cols-3">
                      {GOAL_FIGURES.map(([field, label]) => (
                        <Field
                          key={field}
                          {...input(field)}
                          label={t(label)}
                          inputMode="numeric"
                          autoComplete="off"
                          readOnly={field !== "marathonNumber" && reached && Boolean(marathon.id)}
                        />
                      ))}
                    </div>
                    {reached && marathon.id && (
                      <p className="text-xs text-slate-500 dark:text-slate-400">
                        {t("admin.reachedLocked")}
                      </p>
                    )}
                    <TextAreaField
                      {...input("modalText")}
                      label={t("admin.modalTextJa")}
                      hint={t("admin.modalTextHint")}
                      rows={3}
                      required
                    />
                    <TextAreaField
                      {...input("modalTextEn")}
                      label={t("admin.modalTextEn")}
                      hint={t("admin.englishHint")}
                      rows={3}
                      lang="en"
                    />
                  </div>
                  <div className="min-w-0 space-y-3" data-testid="goal-preview">
                    <GoalPreview
                      label={t("admin.previewJa")}
                      goal={{ ...goal, modalText: row.modalText }}
                    />
                    {row.modalTextEn.trim() && (
                      <GoalPreview
                        label={t("admin.previewEn")}
                        goal={{ ...goal, modalText: row.modalTextEn }}
                        lang="en"
                      />
                    )}
                  </div>
                </fieldset>
              </li>
            );
          })}
        </ol>
        <div className="flex flex-col gap-2 sm:flex-row sm:justify-between">
          <Button
            type="submit"
            name="intent"
            value="addRow"
            variant="secondary"
            block
            disabled={rows.length >= MAX_GOALS}
            data-testid="goal-add"
            onClick={(e) => {
              if (!hydrated) return;
              e.preventDefault();
              addRow();
            }}
          >
            {t("admin.addRow")}
          </Button>
          <SubmitButton name="intent" value="save">
            {marathon.id ? t("admin.save") : t("admin.submit")}
          </SubmitButton>
        </div>
      </Form>
    </section>
  );
}

/** The goal popup as the member sees it, drawn in place (inert). */
function GoalPreview({
  label,
  goal,
  lang,
}: {
  label: string;
  goal: { marathonNumber: number; reward: number; modalText: string };
  lang?: string;
}) {
  const { t } = useTranslation("marathon");
  return (
    <figure className="space-y-1">
      <figcaption className="text-xs font-medium text-slate-500 dark:text-slate-400">
        {label}
      </figcaption>
      <div
        className={`${card} mx-auto w-full max-w-md p-6 text-center shadow-md`}
        lang={lang}
        aria-live="polite"
      >
        <GoalCard goal={goal} title={<p className={goalTitleClass}>{t("modal.title")}</p>}>
          <GoalCardCloseLook label={t("modal.close")} />
        </GoalCard>
      </div>
    </figure>
  );
}

/**
 * The form's messages above it. After a refused save (in the browser or by the server) they
 * take focus and are scrolled into view, so an admin who pressed save at the bottom of a long
 * list of goals reads why; when the only errors are beside the marathon's own fields, the first
 * of those fields takes focus instead.
 */
function RefusalSummary({
  focusKey,
  refused,
  children,
}: {
  focusKey: string;
  refused: boolean;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const summary = ref.current;
    if (!refused || !summary) return;
    const target =
      summary.childElementCount > 0
        ? summary
        : summary.parentElement?.querySelector<HTMLElement>('[aria-invalid="true"]');
    target?.focus({ preventScroll: true });
    target?.scrollIntoView({ block: summary === target ? "start" : "center" });
    // Only a refused save moves focus, never an error shown while typing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusKey]);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      data-testid="editor-refusal"
      className="scroll-mt-36 space-y-2 focus:outline-none empty:hidden"
    >
      {children}
    </div>
  );
}
