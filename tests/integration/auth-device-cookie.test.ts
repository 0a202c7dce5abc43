import { describe, expect, it } from "vitest";
import { DEVICE_COOKIE, deviceKey, knownDevice as validFor } from "#server/auth/device-cookie";
import { attemptLimiter, limitKey, RULES } from "#server/auth/rate-limit";
import { createCaller } from "#server/trpc/router";
import { testEngine } from "../helpers/db";
import { fileDatabase } from "../helpers/file-db";
import { productionCostMembers } from "../helpers/costly-hash";
import { MailBox, makeContext, TEST_PASSWORD, testConfig } from "../helpers/fixtures";
import { expectKey } from "../helpers/rejections";
import en from "../../locales/en/errors.json";
import ja from "../../locales/ja/errors.json";

const t = fileDatabase();

/** A member whose stored hash has production's cost (N=2^17): what floods fill. */
const member = productionCostMembers(() => t.db);

/** Signs in through the procedure and answers the result with the cookies it set. */
async function signIn(ip: string, email: string, password: string, device?: string) {
  const ctx = await makeContext(t.db, undefined, {
    ip,
    cookies: device ? { [DEVICE_COOKIE]: device } : {},
  });
  const result = await createCaller(ctx).auth.login({ email, password });
  const set = ctx.resHeaders.getSetCookie();
  const cookie = set.find((c) => c.startsWith(`${DEVICE_COOKIE}=`));
  return { result, device: cookie?.split(";")[0]!.slice(DEVICE_COOKIE.length + 1) };
}

/** The device cookie a browser keeps after signing in to the account once. */
async function knownDevice(email: string): Promise<string> {
  const { device } = await signIn("192.0.2.200", email, TEST_PASSWORD);
  expect(device).toMatch(/^[\w-]{22}\.[\w-]{43}$/);
  return device!;
}

/** The result, or the refusal (so a test waits for its flood before it judges). */
function settled<T>(attempt: Promise<T>): Promise<T | unknown> {
  return attempt.catch((error: unknown) => error);
}

/** Every attempt's outcome: the refusal's key, or "signedIn". */
async function outcomes(attempts: Promise<unknown>[]): Promise<string[]> {
  return (await Promise.allSettled(attempts)).map((r) =>
    r.status === "rejected" ? String((r.reason as { key?: string }).key) : "signedIn",
  );
}

describe(
  `device cookies on ${testEngine}, with production's hash cost`,
  { timeout: 120_000 },
  () => {
    it("80 failures from 8 addresses do not refuse a known device behind one of them", async () => {
      const owner = await member();
      const device = await knownDevice(owner.email);
      const targets = await Promise.all(Array.from({ length: 10 }, () => member()));
      const attackers = Array.from({ length: 8 }, (_, a) => `10.40.${a}.1`);
      const flood = outcomes(
        attackers.flatMap((ip) => targets.map((u) => signIn(ip, u.email, "Wrong-guess-1"))),
      );
      // The owner shares the first attacker's address (an office): its places are all taken.
      const [own, keys] = await Promise.all([
        settled(signIn(attackers[0]!, owner.email, TEST_PASSWORD, device)),
        flood,
      ]);
      expect(own).toMatchObject({ result: { mfaRequired: false } });
      expect(keys.includes("signedIn")).toBe(false);
    });

    it("80 failures from 80 fresh addresses do not refuse a known device", async () => {
      const owner = await member();
      const device = await knownDevice(owner.email);
      const targets = await Promise.all(Array.from({ length: 8 }, () => member()));
      const flood = outcomes(
        Array.from({ length: 80 }, (_, i) =>
          signIn(`10.41.${i}.1`, targets[i % targets.length]!.email, "Wrong-guess-1"),
        ),
      );
      const [own, keys] = await Promise.all([
        settled(signIn("10.41.200.1", owner.email, TEST_PASSWORD, device)),
        flood,
      ]);
      expect(own).toMatchObject({ result: { mfaRequired: false } });
      expect(keys.includes("signedIn")).toBe(false);
    });

    it("an address failing continuously does not refuse a known device behind it", async () => {
      const owner = await member();
      const device = await knownDevice(owner.email);
      const target = await member();
      const shared = "10.42.0.1";
      // The address is past its allowance (being slowed down) and keeps failing, a few at once.
      for (let i = 0; i < RULES.signInAddress.points + 10; i++) {
        await attemptLimiter(t.db).count("signInAddress", limitKey(shared));
      }
      const flood = outcomes(
        Array.from({ length: 6 }, () => signIn(shared, target.email, "Wrong-guess-1")),
      );
      const [own, keys] = await Promise.all([
        settled(signIn(shared, owner.email, TEST_PASSWORD, device)),
        flood,
      ]);
      expect(own).toMatchObject({ result: { mfaRequired: false } });
      expect(keys).toContain("signInBusy");
    });

    it("counts IPv6 by /64: fresh addresses in one prefix share the account's five guesses", async () => {
      const owner = await member();
      for (let i = 1; i <= RULES.signInAccount.points; i++) {
        await expectKey(
          signIn(`2001:db8:7:1::${i.toString(16)}`, owner.email, "Wrong-guess-1"),
          "invalidCredentials",
        );
      }
      await expectKey(
        signIn("2001:db8:7:1:ffff::9", owner.email, TEST_PASSWORD),
        "tooManyAttempts",
      );
      // Another prefix is another subscriber.
      const other = await signIn("2001:db8:7:2::1", owner.email, TEST_PASSWORD);
      expect(other.result).toMatchObject({ mfaRequired: false });
    });

    it("a new device is refused for the window at most, told to wait or use the reset mail; known devices still sign in", async () => {
      const owner = await member();
      const device = await knownDevice(owner.email);
      for (let i = 0; i < RULES.signInNewDevice.points; i++) {
        await expectKey(signIn(`10.43.${i}.1`, owner.email, "Wrong-guess-1"), "invalidCredentials");
      }
      const refused = signIn("10.43.99.1", owner.email, TEST_PASSWORD);
      await expectKey(refused, "signInNewDeviceLocked");
      const minutes = await refused.catch((e: { params: { minutes: number } }) => e.params.minutes);
      expect(minutes).toBeGreaterThanOrEqual(1);
      expect(minutes).toBeLessThanOrEqual(RULES.signInNewDevice.duration / 60);
      expect(en.signInNewDeviceLocked).toMatch(/wait about \{\{minutes\}\} minutes.*new password/);
      expect(ja.signInNewDeviceLocked).toMatch(/\{\{minutes\}\}分ほど待つか.*新しいパスワード/);
      const own = await signIn("10.43.99.1", owner.email, TEST_PASSWORD, device);
      expect(own.result).toMatchObject({ mfaRequired: false });
      // The window over (its count gone), the new device signs in.
      await attemptLimiter(t.db).forgive("signInNewDevice", limitKey("new-device", owner.email));
      const later = await signIn("10.43.99.1", owner.email, TEST_PASSWORD);
      expect(later.result).toMatchObject({ mfaRequired: false });
    });

    it("a new password set through the mailed link makes that browser a known device", async () => {
      const owner = await member();
      for (let i = 0; i < RULES.signInNewDevice.points; i++) {
        await expectKey(signIn(`10.45.${i}.1`, owner.email, "Wrong-guess-1"), "invalidCredentials");
      }
      await expectKey(signIn("10.45.99.1", owner.email, TEST_PASSWORD), "signInNewDeviceLocked");
      const mail = new MailBox();
      const ctx = await makeContext(t.db, undefined, { mailer: mail, ip: "10.45.99.1" });
      await createCaller(ctx).auth.requestPasswordReset({ email: owner.email });
      const password = "Nw-Lq8v-Rt3z";
      await createCaller(ctx).auth.resetPassword({
        token: mail.token("resetPassword"),
        password,
        passwordConfirm: password,
      });
      const set = ctx.resHeaders.getSetCookie().find((c) => c.startsWith(`${DEVICE_COOKIE}=`));
      const device = set?.split(";")[0]!.slice(DEVICE_COOKIE.length + 1) ?? null;
      expect(
        validFor(deviceKey(testConfig.DEVICE_COOKIE_SECRET), device, owner.email),
      ).not.toBeNull();
      // The account is still locked to new devices; this browser is not one any more.
      await expectKey(signIn("10.45.99.2", owner.email, password), "signInNewDeviceLocked");
      const own = await signIn("10.45.99.1", owner.email, password, device!);
      expect(own.result).toMatchObject({ mfaRequired: false });
    });

    it("a device's wrong passwords lock that cookie only; a cookie is good for its own account", async () => {
      const owner = await member();
      const other = await member();
      const device = await knownDevice(owner.email);
      const second = await knownDevice(owner.email);
      for (let i = 0; i < RULES.signInDevice.points; i++) {
        await expectKey(
          signIn("10.44.0.1", owner.email, "Wrong-guess-1", device),
          "invalidCredentials",
        );
      }
      await expectKey(signIn("10.44.0.1", owner.email, TEST_PASSWORD, device), "tooManyAttempts");
      const fromSecond = await signIn("10.44.0.1", owner.email, TEST_PASSWORD, second);
      expect(fromSecond.result).toMatchObject({ mfaRequired: false });
      // Presented for another account, or altered, the cookie is a new device's: the address's
      // own rules apply (this pair is still fresh), not the locked cookie's.
      const elsewhere = await signIn("10.44.0.1", other.email, TEST_PASSWORD, device);
      expect(elsewhere.result).toMatchObject({ mfaRequired: false });
      const altered = `${device.slice(0, -2)}AA`;
      const forged = await signIn("10.44.1.1", owner.email, TEST_PASSWORD, altered);
      expect(forged.result).toMatchObject({ mfaRequired: false });
    });
  },
);
