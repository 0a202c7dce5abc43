import { beforeAll, describe, expect, it } from "vitest";
import { testEngine } from "../helpers/db";
import { fileDatabase } from "../helpers/file-db";
import { callerFor, createUser, makeContext } from "../helpers/fixtures";
import { createAccount, createBroker, importsOf, previewedReport } from "../helpers/cashback";
import { walletOf } from "../helpers/money";
import { fieldErrors } from "../helpers/rejections";
import { memberProgress, pendingGoals } from "#server/features/marathon/service";

const t = fileDatabase({ ledgerMustBalance: true });
let admin: Awaited<ReturnType<typeof callerFor>>;
let imports: ReturnType<typeof importsOf>;
let xm: string;
beforeAll(async () => {
  admin = await callerFor(t.db, (await createUser(t.db, { permission: "admin" })).id);
  imports = importsOf(admin, t.db);
  xm = await createBroker(t.db, "XM", "XMTrading");
  await createBroker(t.db, "AXI", "Axi");
});

const importFile = (lines: string[]) => imports.report("r.csv", lines);

async function reachedRows(userId: string) {
  return t.db.kysely
    .selectFrom("marathons")
    .selectAll()
    .where("uid", "=", userId)
    .orderBy("marathon_number")
    .execute();
}

async function prizeCount(userId: string) {
  const rows = await t.db.kysely
    .selectFrom("ledger_transactions")
    .select("idempotency_key")
    .where("kind", "=", "prize")
    .where("idempotency_key", "like", `marathon:${userId}_%`)
    .execute();
  return rows.length;
}

describe(`cashback marathon on ${testEngine}`, () => {
  it("a goal crossed by an import credits its reward once, with its keyed row, and the modal shows it once", async () => {
    await admin.marathon.create({
      course: "general",
      title: "November marathon",
      startsOn: "2026-11-01",
      endsOn: "2026-11-30",
      goals: [
        { marathonNumber: 101, threshold: 1000, reward: 500, modalText: "Goal 1!\\nWell done" },
        { marathonNumber: 102, threshold: 5000, reward: 1000, modalText: "Goal 2" },
      ],
    });
    const member = await createUser(t.db);
    await createAccount(t.db, member.id, xm, "400001");

    // Before the start day: does not count.
    await importFile(["2026-10-31,XM,400001,1,5000,JPY,old"]);
    expect(await reachedRows(member.id)).toEqual([]);

    await importFile(["2026-11-01,XM,400001,1,600,JPY,a"]);
    expect(await reachedRows(member.id)).toEqual([]);
    expect(await walletOf(t.db, member.id)).toEqual({ available: 5600, held: 0 });

    // Crosses goal 101 (600 + 600 ≥ 1000), not 102.
    await importFile(["2026-11-02,XM,400001,1,600,JPY,b"]);
    const rows = await reachedRows(member.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: `${member.id}_101`,
      uid: member.id,
      marathon_number: 101,
      is_modal: 0,
      modal_text: "Goal 1!\\nWell done",
      reward: 500,
    });
    expect(await walletOf(t.db, member.id)).toEqual({ available: 5600 + 600 + 500, held: 0 });
    const notes = await t.db.kysely
      .selectFrom("notifications")
      .select(["kind", "dedupe_key", "payload"])
      .where("user_id", "=", member.id)
      .orderBy("channel")
      .execute();
    // LINE's message, and the reward in the member's mail digest of the day (decision 020).
    expect(notes.map((n) => [n.kind, n.dedupe_key])).toEqual([
      ["marathon_goal", `marathon:${member.id}_101`],
      ["rewards_digest", expect.stringMatching(`^mail:digest:${member.id}:`)],
    ]);
    expect(JSON.parse(notes[1]!.payload).items).toEqual({
      marathon_reward: { count: 1, amount: 500 },
    });

    // Re-run and overlap: the same rows again, plus more that stay under goal 102.
    await importFile(["2026-11-02,XM,400001,1,600,JPY,b", "2026-11-03,XM,400001,1,100,JPY,c"]);
    expect(await reachedRows(member.id)).toHaveLength(1);
    expect(await prizeCount(member.id)).toBe(1);
    expect(await walletOf(t.db, member.id)).toEqual({ available: 6800, held: 0 });

    // The member's progress page.
    const m = await callerFor(t.db, member.id);
    const progress = await m.marathon.progress({ course: "general" });
    expect(progress.marathons).toHaveLength(1);
    expect(progress.marathons[0]).toMatchObject({
      total: 1300,
      goals: [
        { marathonNumber: 101, reached: true },
        { marathonNumber: 102, reached: false },
      ],
    });

    // Crosses 102 as well.
    await importFile(["2026-11-04,XM,400001,1,4000,JPY,d"]);
    expect((await reachedRows(member.id)).map((r) => r.marathon_number)).toEqual([101, 102]);
    expect(await prizeCount(member.id)).toBe(2);

    // The modal: pending oldest first; once shown, never again; updated_at refreshed. Every
    // page's session lookup says whether any is due, so pages with none send no query.
    const dueOnPageLoad = async (userId: string) => (await makeContext(t.db, userId)).session?.due;
    expect(await dueOnPageLoad(member.id)).toEqual({ goals: true, popup: false, consent: false });
    const pending = await m.marathon.pending();
    expect(pending.map((p) => p.marathonNumber)).toEqual([101, 102]);
    const before = (await reachedRows(member.id))[0]!.updated_at;
    await new Promise((r) => setTimeout(r, 10));
    // Another member cannot mark them.
    const otherId = (await createUser(t.db)).id;
    expect(await dueOnPageLoad(otherId)).toEqual({ goals: false, popup: false, consent: false });
    const other = await callerFor(t.db, otherId);
    expect(await other.marathon.markShown({ ids: pending.map((p) => p.id) })).toEqual({
      updated: 0,
    });
    expect(await m.marathon.markShown({ ids: pending.map((p) => p.id) })).toEqual({ updated: 2 });
    expect(await m.marathon.pending()).toEqual([]);
    expect(await dueOnPageLoad(member.id)).toEqual({ goals: false, popup: false, consent: false });
    // Anyone without a member session has nothing pending, and no error to log.
    expect(await (await callerFor(t.db)).marathon.pending()).toEqual([]);
    const after = await reachedRows(member.id);
    expect(after.every((r) => r.is_modal === 1)).toBe(true);
    expect(String(after[0]!.updated_at)).not.toBe(String(before));
  });

  it("the Axi course counts only Axi accounts", async () => {
    await admin.marathon.create({
      course: "axi",
      title: "Axi",
      startsOn: "2026-11-01",
      goals: [{ marathonNumber: 201, threshold: 1000, reward: 300, modalText: "Axi goal" }],
    });
    const axi = (
      await t.db.kysely
        .selectFrom("brokers")
        .select("id")
        .where("code", "=", "AXI")
        .executeTakeFirstOrThrow()
    ).id;
    const member = await createUser(t.db);
    await createAccount(t.db, member.id, xm, "500001");
    await createAccount(t.db, member.id, axi, "500002");
    await importFile(["2026-11-05,XM,500001,1,3000,JPY,x"]);
    // General goal 101 reached, not the Axi one.
    expect((await reachedRows(member.id)).map((r) => r.marathon_number)).toEqual([101]);
    await importFile(["2026-11-05,AXI,500002,1,999,JPY,y"]);
    expect((await reachedRows(member.id)).map((r) => r.marathon_number)).toEqual([101]);
    await importFile(["2026-11-06,AXI,500002,1,1,JPY,z"]);
    expect((await reachedRows(member.id)).map((r) => r.marathon_number)).toEqual([101, 201]);
    const m = await callerFor(t.db, member.id);
    expect((await m.marathon.progress({ course: "axi" })).marathons[0]).toMatchObject({
      total: 1000,
      goals: [{ marathonNumber: 201, reached: true }],
    });
    // 3000 + 500 (goal 101) + 999 + 1 + 300 (goal 201)
    expect(await walletOf(t.db, member.id)).toEqual({ available: 4800, held: 0 });
  });

  it("two overlapping imports committed at once credit the goal once", async () => {
    const member = await createUser(t.db);
    await createAccount(t.db, member.id, xm, "600001");
    const a = await previewedReport(t.db, admin, "a.csv", [
      "2026-11-10,XM,600001,1,700,JPY,p",
      "2026-11-11,XM,600001,1,700,JPY,q",
    ]);
    const b = await previewedReport(t.db, admin, "b.csv", [
      "2026-11-11,XM,600001,1,700,JPY,q",
      "2026-11-12,XM,600001,1,700,JPY,r",
    ]);
    await Promise.all([
      imports.commit({ batchId: a.batchId }),
      imports.commit({ batchId: b.batchId }),
    ]);
    expect((await reachedRows(member.id)).map((r) => r.marathon_number)).toEqual([101]);
    expect(await prizeCount(member.id)).toBe(1);
    expect(await walletOf(t.db, member.id)).toEqual({ available: 2100 + 500, held: 0 });
  });

  it("refuses a marathon number already used by any goal, and a member cannot reach admin procedures", async () => {
    await expect(
      admin.marathon.create({
        course: "general",
        title: "Again",
        startsOn: "2026-12-01",
        goals: [{ marathonNumber: 101, threshold: 10, reward: 0, modalText: "x" }],
      }),
    ).rejects.toMatchObject({ key: "marathon.numberTaken" });
    const m = await callerFor(t.db, (await createUser(t.db)).id);
    await expect(m.marathon.adminList()).rejects.toBeTruthy();
    const list = await admin.marathon.adminList();
    expect(list.nextNumber).toBe(202);
    expect(list.marathons.find((x) => x.title === "November marathon")?.goals[0]).toMatchObject({
      marathonNumber: 101,
      reached: 3,
    });
  });

  // Last: these add marathons (numbers 9xx) the tests above do not expect.
  it("a marathon created after the cashback credits members who already qualify, once", async () => {
    const member = await createUser(t.db);
    await createAccount(t.db, member.id, xm, "900001");
    // November cashback, imported before the marathon exists (only goal 101's older marathon
    // counts it at import time).
    await importFile(["2026-11-10,XM,900001,1,2500,JPY,early"]);
    expect(await prizeCount(member.id)).toBe(1);

    const { id, credited } = await admin.marathon.create({
      course: "general",
      title: "Late marathon",
      startsOn: "2026-11-01",
      endsOn: "2026-11-30",
      goals: [
        { marathonNumber: 901, threshold: 2000, reward: 700, modalText: "Already there" },
        { marathonNumber: 902, threshold: 9000, reward: 900, modalText: "Not yet" },
      ],
    });
    expect(credited.rewarded).toBeGreaterThanOrEqual(1);
    expect((await reachedRows(member.id)).map((r) => r.marathon_number)).toEqual([101, 901]);
    expect(await prizeCount(member.id)).toBe(2);
    // 2500 + 500 (goal 101 at import) + 700 (goal 901 at creation)
    expect(await walletOf(t.db, member.id)).toEqual({ available: 3700, held: 0 });

    // Off and on again, then another import: nothing is paid twice.
    await admin.marathon.setActive({ id, active: false });
    await admin.marathon.setActive({ id, active: true });
    await importFile(["2026-11-11,XM,900001,1,10,JPY,later"]);
    expect(await prizeCount(member.id)).toBe(2);
    expect(await walletOf(t.db, member.id)).toEqual({ available: 3710, held: 0 });
    await admin.marathon.setActive({ id, active: false });
  });

  it("a marathon switched back on credits what members reached while it was off", async () => {
    const { id } = await admin.marathon.create({
      course: "general",
      title: "Paused marathon",
      startsOn: "2026-12-01",
      goals: [{ marathonNumber: 911, threshold: 100, reward: 50, modalText: "Paused goal" }],
    });
    await admin.marathon.setActive({ id, active: false });
    const member = await createUser(t.db);
    await createAccount(t.db, member.id, xm, "900011");
    await importFile(["2026-12-02,XM,900011,1,300,JPY,paused"]);
    expect((await reachedRows(member.id)).map((r) => r.marathon_number)).not.toContain(911);
    await admin.marathon.setActive({ id, active: true });
    expect((await reachedRows(member.id)).map((r) => r.marathon_number)).toContain(911);
    expect(await walletOf(t.db, member.id)).toMatchObject({ available: 350 });
    await admin.marathon.setActive({ id, active: false });
  });

  it("the editor's save credits who now qualifies; saving again credits nobody twice", async () => {
    const member = await createUser(t.db);
    await createAccount(t.db, member.id, xm, "900021");
    await importFile(["2027-01-05,XM,900021,1,3000,JPY,jan"]);
    const goals = [
      { marathonNumber: 921, threshold: 5000, reward: 300, modalText: "五千円", modalTextEn: "" },
    ];
    const base = { course: "general" as const, title: "Edited", startsOn: "2027-01-01" };
    const { id, credited } = await admin.marathon.create({ ...base, goals });
    expect(credited.reached).toBe(0);
    const before = await walletOf(t.db, member.id);

    // Lowered below the member's 3,000 and a second goal added: both credited by the save.
    const edited = {
      ...base,
      id,
      titleEn: "Edited (en)",
      goals: [
        { ...goals[0]!, threshold: "2,000", modalTextEn: "Two thousand!" },
        { marathonNumber: 922, threshold: "2500", reward: "¥400", modalText: "二千五百円" },
      ],
    };
    const first = await admin.marathon.update(edited);
    expect(first.credited).toEqual({ reached: 2, rewarded: 2 });
    const after = await walletOf(t.db, member.id);
    expect(after.available - before.available).toBe(700);
    const notices = () =>
      t.db.kysely
        .selectFrom("notifications")
        .select("dedupe_key")
        .where("user_id", "=", member.id)
        .where("kind", "=", "marathon_goal")
        .execute();
    const noticeCount = (await notices()).length;

    const again = await admin.marathon.update(edited);
    expect(again.credited).toEqual({ reached: 0, rewarded: 0 });
    expect(await walletOf(t.db, member.id)).toEqual(after);
    expect(await notices()).toHaveLength(noticeCount);
    // A later import finds both goals reached already.
    await importFile(["2027-01-06,XM,900021,1,10,JPY,jan2"]);
    expect((await walletOf(t.db, member.id)).available).toBe(after.available + 10);

    // English members see the English text that was written (the Japanese where none was).
    const pending = await pendingGoals(t.db, member.id, "en");
    expect(pending.map((g) => g.modalText)).toEqual(["Two thousand!", "二千五百円"]);
    const progress = await memberProgress(t.db, member.id, "general", "en");
    expect(progress.marathons.find((m) => m.id === id)?.title).toBe("Edited (en)");

    // A reached goal keeps its target and reward, and stays; its texts may change.
    await expect(
      fieldErrors(
        admin.marathon.update({
          ...edited,
          goals: [{ ...edited.goals[0]!, reward: 999 }, edited.goals[1]!],
        }),
      ),
    ).resolves.toEqual({ "goals.0.reward": "goalReachedLocked" });
    await expect(
      fieldErrors(admin.marathon.update({ ...edited, goals: [edited.goals[0]!] })),
    ).resolves.toEqual({ goals: "goalReachedRemoved" });
    await admin.marathon.update({
      ...edited,
      goals: [{ ...edited.goals[0]!, modalText: "五千円→二千円" }, edited.goals[1]!],
    });
    expect((await walletOf(t.db, member.id)).available).toBe(after.available + 10);
    await admin.marathon.setActive({ id, active: false });
  });

  it("refuses goal rows per row and field: thresholds must rise, amounts be whole yen", async () => {
    const errors = await fieldErrors(
      admin.marathon.create({
        course: "general",
        title: "Bad rows",
        startsOn: "2027-02-01",
        goals: [
          { marathonNumber: 931, threshold: "5000", reward: "0", modalText: "a" },
          { marathonNumber: 932, threshold: "5000", reward: "12.5", modalText: "b" },
          { marathonNumber: 931, threshold: "0", reward: "", modalText: " " },
        ],
      }),
    );
    expect(errors).toEqual({
      "goals.1.threshold": "thresholdNotIncreasing",
      "goals.1.reward": "invalidAmount",
      "goals.2.marathonNumber": "duplicateNumber",
      "goals.2.threshold": "thresholdPositive",
      "goals.2.reward": "required",
      "goals.2.modalText": "required",
    });
    expect((await admin.marathon.adminList()).marathons.some((m) => m.title === "Bad rows")).toBe(
      false,
    );
  });
});
