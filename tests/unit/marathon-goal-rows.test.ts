import { describe, expect, it } from "vitest";
import { attempt, parseForm } from "#app/lib/forms.server";
import { errorName } from "#app/lib/form-echo";
import {
  blankGoalRow,
  createMarathonInput,
  errorsByPosition,
  nextGoalNumber,
  sentGoalRows,
  updateMarathonInput,
  withGoalRows,
} from "#domain/marathon";
import { TRPCError } from "@trpc/server";
import { FieldIssues } from "#server/lib/field-error";

const FIELDS = ["marathonNumber", "threshold", "reward", "modalText", "modalTextEn"];

/** The editor's form: the marathon's fields, then one set of inputs per row, as conform names them. */
function form(rows: Partial<Record<string, string>>[], fields: Record<string, string> = base) {
  const data = new FormData();
  data.append("intent", "save");
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  rows.forEach((row, i) => {
    for (const field of FIELDS) data.append(`goals[${i}].${field}`, row[field] ?? "");
  });
  return data;
}

const base = { id: "", course: "general", title: "M", titleEn: "", startsOn: "2026-12-01" };
const issues = (goals: unknown[]) => {
  const result = createMarathonInput.safeParse({ ...base, goals });
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
};

async function refusal(data: FormData) {
  const parsed = await parseForm(data, createMarathonInput);
  if (parsed.ok) throw new Error("expected the form to be refused");
  return { status: parsed.response.status, body: await parsed.response.json() };
}

const row = (n: number, threshold: string, reward = "0") => ({
  marathonNumber: String(n),
  threshold,
  reward,
  modalText: "t",
});

describe("the marathon editor's form, parsed with the procedure's schema", () => {
  it("reads rows in order, yen as typed, line breaks kept, rows left blank (a pre-filled number alone) dropped", async () => {
    const parsed = await parseForm(
      form([
        {
          marathonNumber: " 7 ",
          threshold: "10,000",
          reward: "¥1,000",
          modalText: "おめでとう\r\n達成",
        },
        { marathonNumber: "8" },
        { ...row(9, "20000"), modalText: "次", modalTextEn: " Next " },
      ]),
      createMarathonInput,
    );
    if (!parsed.ok) throw new Error("expected the form to be accepted");
    expect(parsed.value.goals).toEqual([
      {
        marathonNumber: 7,
        threshold: 10_000,
        reward: 1_000,
        modalText: "おめでとう\n達成",
        modalTextEn: null,
      },
      { marathonNumber: 9, threshold: 20_000, reward: 0, modalText: "次", modalTextEn: "Next" },
    ]);
    // The procedure is given the form's strings, blank row included, and reads them the same.
    expect(createMarathonInput.parse(parsed.input)).toEqual(parsed.value);
    // The blank row keeps its place among the rows sent: "remove row 2" removes it.
    expect(sentGoalRows(parsed.values)).toHaveLength(3);
  });

  it("names each refused field by its row's place on the page, blank rows counted", async () => {
    const { status, body } = await refusal(
      form([
        row(1, "1000"),
        { marathonNumber: "2" },
        { marathonNumber: "3" },
        row(4, "900"),
        { ...row(5, "5000"), reward: "1.5" },
      ]),
    );
    expect(status).toBe(400);
    expect(body.error.fieldErrors).toEqual({
      "goals.3.threshold": "thresholdNotIncreasing",
      "goals.4.reward": "invalidAmount",
    });
    // The rows come back as typed, blank ones too, for the editor to show them again.
    expect(sentGoalRows(body.values).map((r) => r.marathonNumber)).toEqual([
      "1",
      "2",
      "3",
      "4",
      "5",
    ]);
  });

  it("wants a goal: a form of blank rows only is refused as a whole", async () => {
    const { body } = await refusal(form([{ marathonNumber: "1" }, { marathonNumber: "2" }]));
    expect(body.error.fieldErrors).toEqual({ goals: "goalsRequired" });
  });

  it("checks an edit's id", async () => {
    const parsed = await parseForm(form([row(1, "1")], { ...base, id: "x" }), updateMarathonInput);
    if (parsed.ok) throw new Error("expected the form to be refused");
    expect((await parsed.response.json()).error.fieldErrors).toEqual({ id: "notFound" });
  });

  it("names the service's refusals by the row's place too (it numbers only the goals it saved)", async () => {
    const sent = [row(1, "1"), blankGoalRow(2), row(3, "3")].map((r) => ({
      ...blankGoalRow(),
      ...r,
    }));
    const refused = await attempt(
      withGoalRows({ title: "M" }, sent),
      () => {
        // As updateMarathon refuses: the second goal it was given, the third row on the page.
        throw new TRPCError({
          code: "BAD_REQUEST",
          message: "validation",
          cause: new FieldIssues([{ message: "goalReachedLocked", path: ["goals", 1, "reward"] }]),
        });
      },
      { rename: (error) => ({ ...error, fieldErrors: errorsByPosition(sent, error.fieldErrors) }) },
    );
    if (refused.ok) throw new Error("expected a refusal");
    expect((await refused.response.json()).error.fieldErrors).toEqual({
      "goals.2.reward": "goalReachedLocked",
    });
  });

  it("the browser's field names and the answer's agree", () => {
    expect(errorName("goals[12].threshold")).toBe("goals.12.threshold");
    expect(errorName("")).toBe("form");
  });

  it("offers the next number past the rows and the numbers in use", () => {
    expect(nextGoalNumber([], 5)).toBe(5);
    expect(nextGoalNumber([blankGoalRow(5), blankGoalRow(9)], 5)).toBe(10);
    expect(nextGoalNumber([{ ...blankGoalRow(), marathonNumber: "x" }], 3)).toBe(3);
  });
});

describe("marathon goal validation", () => {
  it("takes yen as typed and an English text that may be left blank", () => {
    const parsed = createMarathonInput.parse({
      ...base,
      goals: [{ ...row(1, "¥10,000", "1,000円"), modalTextEn: "  " }],
    });
    expect(parsed.goals[0]).toMatchObject({ threshold: 10_000, reward: 1_000, modalTextEn: null });
  });

  it("wants thresholds strictly rising down the rows, each refusal on its row", () => {
    expect(issues([row(1, "1000"), row(2, "1000"), row(3, "900"), row(4, "5000")])).toEqual({
      "goals.1.threshold": "thresholdNotIncreasing",
      "goals.2.threshold": "thresholdNotIncreasing",
    });
    expect(issues([row(1, "1000"), row(2, "1001")])).toEqual({});
  });

  it("refuses zero or fractional or oversized amounts and negative rewards, all rows at once", () => {
    expect(
      issues([
        row(1, "0"),
        row(2, "12.5"),
        row(3, "100000001"),
        row(4, "200000", "-1"),
        { ...row(4, "300000"), modalText: "" },
      ]),
    ).toEqual({
      "goals.0.threshold": "thresholdPositive",
      "goals.1.threshold": "invalidAmount",
      "goals.2.threshold": "invalidAmount",
      "goals.3.reward": "invalidAmount",
      "goals.4.marathonNumber": "duplicateNumber",
      "goals.4.modalText": "required",
    });
    expect(issues([row(1, "100000000", "100000000")])).toEqual({});
    expect(issues([])).toEqual({ goals: "goalsRequired" });
  });
});
