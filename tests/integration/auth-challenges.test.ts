import { describe, expect, it } from "vitest";
import { timeStep, totpAt } from "#server/auth/totp";
import { testEngine, tokensOf } from "../helpers/db";
import { fileDatabase } from "../helpers/file-db";
import { createCaller } from "#server/trpc/router";
import { callerFor, createUser, makeContext, TEST_PASSWORD } from "../helpers/fixtures";

const t = fileDatabase();

/** A member with TOTP turned on, and its secret. */
async function memberWithTotp() {
  const user = await createUser(t.db);
  const caller = await callerFor(t.db, user.id);
  await caller.auth.reauthenticate({ email: user.email, password: TEST_PASSWORD });
  const { secret } = await caller.auth.mfaStart();
  await caller.auth.mfaConfirm({ code: totpAt(secret, timeStep()) });
  return { user, secret };
}

/** The password step from one browser: the challenge cookie it was given. */
async function passwordStep(email: string, ip: string): Promise<string> {
  const ctx = await makeContext(t.db, undefined, { ip });
  await createCaller(ctx).auth.login({ email, password: TEST_PASSWORD });
  const cookie = ctx.resHeaders.getSetCookie().find((c) => c.startsWith("mfa_challenge="))!;
  return cookie.slice("mfa_challenge=".length, cookie.indexOf(";"));
}

describe(`second-step challenges on ${testEngine}`, () => {
  it("a new password step does not cancel one pending in another browser", async () => {
    const { user, secret } = await memberWithTotp();
    const challenges = await Promise.all(
      Array.from({ length: 10 }, (_, i) => passwordStep(user.email, `10.34.0.${i}`)),
    );
    expect(new Set(challenges).size).toBe(10);
    // The first browser finishes after nine others started: its challenge still stands.
    const first = await callerFor(t.db, undefined, {
      cookies: { mfa_challenge: challenges[0]! },
      ip: "10.34.0.0",
    });
    await expect(first.mfa.pendingFactors()).resolves.toEqual({ totp: true, passkey: false });
    await expect(
      first.auth.loginMfa({ code: totpAt(secret, timeStep() + 1) }),
    ).resolves.toMatchObject({ permission: "member" });
    // Each stands alone: the others are still pending, and the used one is gone.
    const open = await tokensOf(t.db, user.id, "mfa_login", { unused: true });
    expect(open).toHaveLength(9);
  });
});
