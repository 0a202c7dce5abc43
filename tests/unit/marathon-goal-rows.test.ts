import { describe, expect, it } from "vitest";
import {
  blankGoalRow,
  errorsByPosition,
  goalRowsFromForm,
  nextGoalNumber,
  sentGoalRows,
} from "../../server/domain/marathon";
import { createMarathonInput } from "../../server/features/marathon/schema";

function form(rows: Partial<Record<string, string>>[]) {
  const data = new FormData();
  for (const row of rows) {
    for (const field of ["marathonNumber", "threshold", "reward", "modalText", "modalTextEn"]) {
      data.append(`goal.${field}`, row[field] ?? "");
    }
  }
  return data;
}

const base = { course: "general", title: "M", startsOn: "2026-12-01" };
const issues = (goals: unknown[]) => {
  const result = createMarathonInput.safeParse({ ...base, goals });
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
};

describe("marathon goal rows from the editor's form", () => {
  it("reads rows in order, keeps line breaks, drops rows left blank (a pre-filled number alone)", () => {
    const data = form([
      {
        marathonNumber: " 7 ",
        threshold: "10,000",
        reward: "¥1,000",
        modalText: "おめでとう\r\n達成",
      },
      { marathonNumber: "8" },
      {
        marathonNumber: "9",
        threshold: "20000",
        reward: "0",
        modalText: "次",
        modalTextEn: "Next",
      },
    ]);
    expect(goalRowsFromForm(data)).toEqual([
      {
        marathonNumber: "7",
        threshold: "10,000",
        reward: "¥1,000",
        modalText: "おめでとう\n達成",
        modalTextEn: "",
      },
      {
        marathonNumber: "9",
        threshold: "20000",
        reward: "0",
        modalText: "次",
        modalTextEn: "Next",
      },
    ]);
    // The blank row keeps its place among the rows sent: "remove row 2" removes it.
    expect(sentGoalRows(data)).toHaveLength(3);
  });

  it("names each error by its row's place on the page, blank rows counted", () => {
    const sent = sentGoalRows(
      form([{ threshold: "1" }, { marathonNumber: "2" }, { threshold: "3" }]),
    );
    expect(
      errorsByPosition(sent, {
        "goals.0.reward": "required",
        "goals.1.threshold": "thresholdNotIncreasing",
        goals: "tooMany",
        title: "required",
      }),
    ).toEqual({
      "goals.0.reward": "required",
      "goals.2.threshold": "thresholdNotIncreasing",
      goals: "tooMany",
      title: "required",
    });
  });

  it("offers the next number past the rows and the numbers in use", () => {
    expect(nextGoalNumber([], 5)).toBe(5);
    expect(nextGoalNumber([blankGoalRow(5), blankGoalRow(9)], 5)).toBe(10);
    expect(nextGoalNumber([{ ...blankGoalRow(), marathonNumber: "x" }], 3)).toBe(3);
  });
});

describe("marathon goal validation", () => {
  const row = (n: number, threshold: string, reward = "0") => ({
    marathonNumber: String(n),
    threshold,
    reward,
    modalText: "t",
  });

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
