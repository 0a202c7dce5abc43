/**
 * The marathon editor's goal rows as the form sends them: one set of inputs per row, named
 * `goal.<field>` and repeated in row order (so the form works without JavaScript, and adding or
 * removing a row is just one more or one less set). Pure, so it is unit-tested.
 */

export const GOAL_ROW_FIELDS = [
  "marathonNumber",
  "threshold",
  "reward",
  "modalText",
  "modalTextEn",
] as const;
export type GoalRowField = (typeof GOAL_ROW_FIELDS)[number];
export type GoalRowValues = Record<GoalRowField, string>;

/** The form name of a row field. */
export const goalFieldName = (field: GoalRowField) => `goal.${field}`;

export function blankGoalRow(marathonNumber?: number): GoalRowValues {
  return {
    marathonNumber: marathonNumber === undefined ? "" : String(marathonNumber),
    threshold: "",
    reward: "",
    modalText: "",
    modalTextEn: "",
  };
}

const isBlank = (row: GoalRowValues) =>
  // A row holding only its pre-filled number was never started: it is not a goal.
  !row.threshold.trim() && !row.reward.trim() && !row.modalText.trim() && !row.modalTextEn.trim();

/**
 * The rows the form sent, in order, without the rows left blank. Text keeps its line breaks
 * (CRLF from the browser becomes LF); everything else is trimmed.
 */
export function goalRowsFromForm(form: FormData): GoalRowValues[] {
  return sentGoalRows(form).filter((row) => !isBlank(row));
}

/** Every row the form sent, blank ones included: a row's position is its place on the page. */
export function sentGoalRows(form: FormData): GoalRowValues[] {
  const columns = Object.fromEntries(
    GOAL_ROW_FIELDS.map((f) => [
      f,
      form.getAll(goalFieldName(f)).map((v) => (typeof v === "string" ? v : "")),
    ]),
  ) as Record<GoalRowField, string[]>;
  const count = Math.max(...GOAL_ROW_FIELDS.map((f) => columns[f].length));
  const rows: GoalRowValues[] = [];
  for (let i = 0; i < count; i++) {
    const row = Object.fromEntries(
      GOAL_ROW_FIELDS.map((f) => {
        const v = columns[f][i] ?? "";
        return [f, f === "modalText" || f === "modalTextEn" ? v.replace(/\r\n?/g, "\n") : v.trim()];
      }),
    ) as GoalRowValues;
    rows.push(row);
  }
  return rows;
}

/** The next number to offer for a new row: one past the largest in the rows or in use. */
export function nextGoalNumber(rows: GoalRowValues[], nextFree: number): number {
  const used = rows.map((r) => Number(r.marathonNumber)).filter((n) => Number.isInteger(n));
  return Math.max(nextFree, ...used.map((n) => n + 1));
}

/**
 * The form's goal errors named by the row's place on the page: validation numbered only the
 * rows with something in them (`goals.<i>.<field>`), the page shows every row sent.
 */
export function errorsByPosition(
  sent: GoalRowValues[],
  fieldErrors: Record<string, string>,
): Record<string, string> {
  const positions = sent.flatMap((row, i) => (isBlank(row) ? [] : [i]));
  return Object.fromEntries(
    Object.entries(fieldErrors).map(([k, v]) => [
      k.replace(/^goals\.(\d+)\./, (m, i: string) =>
        positions[Number(i)] === undefined ? m : `goals.${positions[Number(i)]}.`,
      ),
      v,
    ]),
  );
}
