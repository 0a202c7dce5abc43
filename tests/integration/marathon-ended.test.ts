import { beforeAll, describe, expect, it } from "vitest";
import { testEngine } from "../helpers/db";
import { fileDatabase } from "../helpers/file-db";
import { callerFor, createUser } from "../helpers/fixtures";
import { pendingGoals } from "#server/features/marathon/service";
import { createAccount, createBroker, importsOf } from "../helpers/cashback";

const t = fileDatabase({ ledgerMustBalance: true });
let admin: Awaited<ReturnType<typeof callerFor>>;
let xm: string;
beforeAll(async () => {
  admin = await callerFor(t.db, (await createUser(t.db, { permission: "admin" })).id);
  xm = await createBroker(t.db, "XM", "XMTrading");
});

describe(`the marathon page after the marathon stopped on ${testEngine}`, () => {
  it("shows the goals the modal announces, with their rewards, and the last marathon when none runs", async () => {
    const member = await createUser(t.db);
    const other = await createUser(t.db);
    await createAccount(t.db, member.id, xm, "700001");
    const m = await callerFor(t.db, member.id);
    const o = await callerFor(t.db, other.id);

    const { id } = await admin.marathon.create({
      course: "general",
      title: "October marathon",
      startsOn: "2026-10-01",
      goals: [
        { marathonNumber: 901, threshold: 1_000, reward: 500, modalText: "Goal 1" },
        { marathonNumber: 902, threshold: 2_000, reward: 1_000, modalText: "Goal 2" },
        { marathonNumber: 903, threshold: 90_000, reward: 5_000, modalText: "Goal 3" },
      ],
    });
    await importsOf(admin, t.db).report("r.csv", ["2026-10-05,XM,700001,1,2500,JPY,a"]);
    await admin.marathon.setActive({ id, active: false });

    // The modal announces goals 901 and 902 ...
    const announced = (await pendingGoals(t.db, member.id)).map((g) => g.marathonNumber);
    expect(announced.sort()).toEqual([901, 902]);
    // ... and the page shows them, reached, with what was paid, in the stopped marathon.
    const page = await m.marathon.progress({ course: "general" });
    expect(page.marathons).toHaveLength(1);
    const shown = page.marathons[0]!;
    expect(shown).toMatchObject({ id, ended: true, total: 2_500 });
    const reached = shown.goals.filter((g) => g.reached);
    expect(reached.map((g) => g.marathonNumber)).toEqual(announced);
    expect(reached.map((g) => g.paid)).toEqual([500, 1_000]);
    expect(reached.every((g) => typeof g.reachedAt === "string")).toBe(true);
    expect(shown.goals.find((g) => g.marathonNumber === 903)).toMatchObject({
      reached: false,
      paid: null,
    });

    // A member who reached nothing sees how the last marathon ended rather than an empty page.
    const theirs = await o.marathon.progress({ course: "general" });
    expect(theirs.marathons.map((x) => [x.id, x.ended])).toEqual([[id, true]]);
    expect(theirs.marathons[0]!.goals.every((g) => !g.reached)).toBe(true);

    // A running marathon comes first; the stopped one stays for its reached goals only.
    const { id: running } = await admin.marathon.create({
      course: "general",
      title: "November marathon",
      startsOn: "2026-11-01",
      goals: [{ marathonNumber: 904, threshold: 1_000, reward: 300, modalText: "Goal" }],
    });
    expect((await m.marathon.progress({ course: "general" })).marathons.map((x) => x.id)).toEqual([
      running,
      id,
    ]);
    expect((await o.marathon.progress({ course: "general" })).marathons.map((x) => x.id)).toEqual([
      running,
    ]);
    // The other course shows nothing of these.
    expect((await m.marathon.progress({ course: "axi" })).marathons).toEqual([]);
  });
});
