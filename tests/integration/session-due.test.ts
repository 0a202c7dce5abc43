import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type Db } from "#db";
import { dueChecks } from "#server/auth/due";
import { createSession, lookUpSession } from "#server/auth/session";
import { createAccount, createBroker, importsOf } from "../helpers/cashback";
import { testEngine } from "../helpers/db";
import { fileDatabase } from "../helpers/file-db";
import { adminWithCaller, createUser, type Caller } from "../helpers/fixtures";
import { publishInForce, RECONSENT_TERMS } from "../helpers/legal";

/**
 * What is due on a member's next page (a reached goal not shown, a popup not seen, terms to
 * agree to again) comes from the features that registered it, read in the session's own
 * statement: one statement a request however many features ask, counted on a connection of
 * its own to the same database.
 */

const t = fileDatabase();
let admin: Caller;
let counted: Db;
let statements = 0;

beforeAll(async () => {
  admin = (await adminWithCaller(t.db)).caller;
  counted = createDb({
    ...t.location,
    poolSize: 2,
    observe: { statement: () => void statements++, pools: () => {} },
  });
});
afterAll(() => counted.destroy());

/** The session lookup of a new session of `userId`, and how many statements it ran. */
async function lookUp(userId: string) {
  const { token } = await createSession(t.db, userId);
  const before = statements;
  const { session } = await lookUpSession(counted, token);
  return { due: session?.due, statements: statements - before };
}

describe(`what is due on the next page on ${testEngine}`, () => {
  it("is registered by the marathon, popups and legal features, not named by the session", () => {
    expect([...dueChecks().keys()].sort()).toEqual(["consent", "goals", "popup"]);
  });

  it("nothing due: every flag false, one statement", async () => {
    const { id } = await createUser(t.db);
    expect(await lookUp(id)).toEqual({
      due: { goals: false, popup: false, consent: false },
      statements: 1,
    });
  });

  it("a reached goal, a popup and new terms at once: every flag true, still one statement", async () => {
    const { id } = await createUser(t.db);
    await admin.marathon.create({
      course: "general",
      title: "Due marathon",
      startsOn: "2026-11-01",
      endsOn: "2026-11-30",
      goals: [{ marathonNumber: 901, threshold: 100, reward: 50, modalText: "Goal!" }],
    });
    const broker = await createBroker(t.db, "DUE", "Due Broker");
    await createAccount(t.db, id, broker, "900001");
    await importsOf(admin, t.db).report("due.csv", ["2026-11-02,DUE,900001,1,600,JPY,d1"]);
    const hour = 60 * 60 * 1000;
    const tokyo = (ms: number) => new Date(Date.now() + ms + 9 * hour).toISOString().slice(0, 16);
    await admin.popups.create({
      popup: {
        title: "Due",
        body: "Hello",
        linkUrl: "",
        startsAt: tokyo(-hour),
        endsAt: tokyo(24 * hour),
        active: true,
      },
      image: {},
    });
    await publishInForce(t.db, admin, RECONSENT_TERMS);
    expect(await lookUp(id)).toEqual({
      due: { goals: true, popup: true, consent: true },
      statements: 1,
    });
  });
});
