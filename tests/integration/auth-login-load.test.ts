import { describe, expect, it } from "vitest";
import { testEngine } from "../helpers/db";
import { fileDatabase } from "../helpers/file-db";
import { expectKey } from "../helpers/rejections";
import { attemptLimiter, limitKey, RULES } from "#server/auth/rate-limit";
import { callerFor, createUser, TEST_PASSWORD } from "../helpers/fixtures";
import { costlyHash, setPasswordHash } from "../helpers/costly-hash";

const t = fileDatabase();

async function loginFrom(ip: string, email: string, password: string) {
  return (await callerFor(t.db, undefined, { ip })).auth.login({ email, password });
}

// A deadline for a loaded machine: the checks themselves take about a second on a quiet one.
describe(`sign-in under load on ${testEngine}`, { timeout: 120_000 }, () => {
  it("80 parallel failed sign-ins from 8 addresses do not refuse or hold up a 9th address", async () => {
    // Costlier than the tests' own hash, so each wrong-password check takes a real while, as in
    // production: what fills the pool.
    const hash = await costlyHash(TEST_PASSWORD, 2 ** 15);
    const targets: string[] = [];
    for (let i = 0; i < 10; i++) {
      const user = await createUser(t.db);
      await setPasswordHash(t.db, user.id, hash);
      targets.push(user.email);
    }
    const owner = await createUser(t.db);
    const attackers = Array.from({ length: 8 }, (_, a) => `10.32.${a}.1`);
    // Each address sprays the ten accounts once: no per-account limit is reached, so only
    // the pool's own rules stand between the burst and the owner.
    // Whether the owner's answer had come when each guess was answered: the order of the
    // answers, not their time, says whether the owner waited for the burst (timing belongs to
    // `npm run bench:signin`; a loaded machine made a time limit here fail at random).
    let ownerAnswered = false;
    const burst = attackers.flatMap((ip) =>
      targets.map((email) =>
        loginFrom(ip, email, "Wrong-guess-1").then(
          () => ({ key: "signedIn", afterOwner: ownerAnswered }),
          (error: unknown) => ({
            key: String((error as { key?: string }).key),
            afterOwner: ownerAnswered,
          }),
        ),
      ),
    );
    const own = loginFrom("10.32.99.1", owner.email, TEST_PASSWORD).then(
      (result) => result,
      (error: unknown) => error,
    );
    void own.then(() => (ownerAnswered = true));
    const answers = await Promise.all(burst);
    expect(await own).toMatchObject({ mfaRequired: false });
    expect(answers.every((a) => a.key !== "signedIn")).toBe(true);
    // Guesses were checked after the owner's sign-in had been answered: the owner went ahead
    // of the burst's queued checks instead of waiting for them to drain.
    const checked = answers.filter((a) => a.key === "invalidCredentials");
    expect(checked.length).toBeGreaterThan(0);
    expect(checked.filter((a) => a.afterOwner).length).toBeGreaterThan(0);
    // Refused for load or not, every attempt counts against its sender's allowance.
    for (const ip of attackers) {
      expect(await attemptLimiter(t.db).used("signInAddress", limitKey(ip))).toBe(10);
    }
  });

  it("one address's burst on one account is refused beyond a few at once, and counted", async () => {
    const user = await createUser(t.db);
    const keys = (
      await Promise.allSettled(
        Array.from({ length: 12 }, () => loginFrom("10.33.0.1", user.email, "Wrong-guess-1")),
      )
    ).map((r) => (r.status === "rejected" ? (r.reason as { key?: string }).key : "signedIn"));
    expect(keys.filter((k) => k === "invalidCredentials").length).toBeLessThanOrEqual(
      RULES.signInAccount.points,
    );
    // The pair's allowance is spent: the right password from there waits for the window.
    await expectKey(loginFrom("10.33.0.1", user.email, TEST_PASSWORD), "tooManyAttempts");
  });
});
