import { afterAll, beforeAll, describe, expect, it } from "vitest";
import express from "express";
import { decode } from "turbo-stream";
import { createApp } from "#server/app";
import { SIGN_IN_BUSY_PAGE, signInFormDoor, signInPlace } from "#server/auth/sign-in-door";
import { DEVICE_COOKIE } from "#server/auth/device-cookie";
import { hashSlots } from "#server/auth/password";
import { attemptLimiter, limitKey } from "#server/auth/rate-limit";
import { parseConfig } from "#server/config";
import { testEngine } from "../helpers/db";
import { fileDatabase } from "../helpers/file-db";
import { productionCostMembers } from "../helpers/costly-hash";
import { createUser, silentLog, TEST_PASSWORD } from "../helpers/fixtures";
import { listen, type RunningServer } from "../helpers/http";

const t = fileDatabase();
const config = parseConfig({
  NODE_ENV: "test",
  LOG_LEVEL: "silent",
  TRUST_PROXY: "1",
  DEVICE_COOKIE_SECRET: "sign-in-door-test-secret-0123456789abcdef",
});
let srv: RunningServer;
beforeAll(async () => {
  srv = await listen(createApp({ config, db: t.db, log: silentLog }));
});
afterAll(async () => {
  await srv?.close();
});

/** A member whose stored hash has production's cost: a wrong guess holds its places for a real while. */
const slowMember = productionCostMembers(() => t.db);

interface Answer {
  status: number;
  /** The refusal's key, or "signedIn". */
  key: string;
  device: string | null;
  body: unknown;
}

/** A sign-in over HTTP from `ip`, with a device cookie or not. */
async function signIn(
  ip: string,
  email: string,
  password: string,
  device?: string | null,
  batch = false,
): Promise<Answer> {
  const input = { email, password };
  const res = await fetch(`${srv.url}/api/trpc/auth.login${batch ? "?batch=1" : ""}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-forwarded-for": ip,
      ...(device ? { cookie: `${DEVICE_COOKIE}=${device}` } : {}),
    },
    body: JSON.stringify(batch ? { 0: input } : input),
  });
  const body = (await res.json()) as unknown;
  const one = (Array.isArray(body) ? body[0] : body) as {
    error?: { data?: { i18nKey?: string } };
  };
  const set = res.headers.getSetCookie().find((c) => c.startsWith(`${DEVICE_COOKIE}=`));
  return {
    status: res.status,
    key: one.error ? String(one.error.data?.i18nKey) : "signedIn",
    device: set ? set.split(";")[0]!.slice(DEVICE_COOKIE.length + 1) : null,
    body,
  };
}

/** Waits (bounded) until the address holds `n` places in the shared pool. */
async function untilHeld(address: string, n: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (hashSlots.addressHeld(address) < n) {
    if (Date.now() > deadline) throw new Error(`${address} never held ${n} places`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe(`the sign-in door at the HTTP layer on ${testEngine}`, { timeout: 180_000 }, () => {
  it("refuses an address's burst past its places before the procedure: nothing is counted", async () => {
    const target = await slowMember();
    const ip = "10.60.0.1";
    // Two guesses take the address's two places and hash at production's cost.
    const held = [0, 1].map(() => signIn(ip, target.email, "Wrong-guess-1"));
    await untilHeld(ip, 2);
    const burst = await Promise.all(
      Array.from({ length: 8 }, () => signIn(ip, target.email, "Wrong-guess-1")),
    );
    expect(burst.map((a) => [a.status, a.key])).toEqual(
      Array.from({ length: 8 }, () => [503, "signInBusy"]),
    );
    // The same answer the procedure gives, in the router's format.
    expect(burst[0]!.body).toMatchObject({
      error: {
        message: "signInBusy",
        data: { code: "SERVICE_UNAVAILABLE", httpStatus: 503, i18nKey: "signInBusy" },
      },
    });
    expect((await Promise.all(held)).map((a) => a.key)).toEqual([
      "invalidCredentials",
      "invalidCredentials",
    ]);
    // Only the two guesses that reached the procedure were counted (the procedure counts
    // every refusal of its own too: ten here without the door).
    expect(await attemptLimiter(t.db).used("signInAddress", limitKey(ip))).toBe(2);
    expect(await attemptLimiter(t.db).used("signInAccount", limitKey(target.email, ip))).toBe(2);
  });

  it("takes the address's places itself: of a burst sent at once, two reach the procedure", async () => {
    const target = await slowMember();
    const ip = "10.62.0.1";
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => signIn(ip, target.email, "Wrong-guess-1")),
    );
    expect(answers.filter((a) => a.key === "signInBusy")).toHaveLength(8);
    expect(answers.filter((a) => a.key === "invalidCredentials")).toHaveLength(2);
    expect(await attemptLimiter(t.db).used("signInAddress", limitKey(ip))).toBe(2);
    // Every place is given back once the answers are out.
    expect(hashSlots.addressHeld(ip)).toBe(0);
  });

  it("lets a known device through while its address is full; not another account's cookie", async () => {
    const owner = await createUser(t.db);
    const first = await signIn("192.0.2.60", owner.email, TEST_PASSWORD);
    expect(first.key).toBe("signedIn");
    const device = first.device!;
    const target = await slowMember();
    const other = await createUser(t.db);
    const office = "10.61.0.1";
    const held = [0, 1].map(() => signIn(office, target.email, "Wrong-guess-1"));
    await untilHeld(office, 2);
    // The owner behind the full address, on their own browser: through the door, signed in.
    expect(await signIn(office, owner.email, TEST_PASSWORD, device)).toMatchObject({
      status: 200,
      key: "signedIn",
    });
    // Batched the same way a tRPC client may send it.
    expect(await signIn(office, owner.email, TEST_PASSWORD, device, true)).toMatchObject({
      status: 200,
      key: "signedIn",
    });
    // The cookie signed for the owner is no key to another account, nor is no cookie.
    expect(await signIn(office, other.email, TEST_PASSWORD, device)).toMatchObject({
      status: 503,
      key: "signInBusy",
    });
    const batched = await signIn(office, other.email, TEST_PASSWORD, null, true);
    expect(batched.status).toBe(503);
    expect(batched.body).toMatchObject([{ error: { data: { i18nKey: "signInBusy" } } }]);
    await Promise.all(held);
    // Once the address's guesses are over, the door is open again.
    expect(await signIn(office, other.email, TEST_PASSWORD)).toMatchObject({
      status: 200,
      key: "signedIn",
    });
  });

  it("refuses a body too large for a sign-in without reading on", async () => {
    const owner = await createUser(t.db);
    const res = await fetch(`${srv.url}/api/trpc/auth.login`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: `${DEVICE_COOKIE}=x.y` },
      body: JSON.stringify({ email: owner.email, password: "x".repeat(40_000) }),
    });
    // Declared: not read at the door; the procedure's input rules refuse it.
    expect(res.status).toBe(400);
  });
});

describe("the sign-in door in front of the login form", () => {
  /** The door before a stand-in for the page's action, which reports the place it was given. */
  async function formServer() {
    const app = express();
    app.set("trust proxy", 1);
    app.use(signInFormDoor());
    app.post(["/login", "/login.data"], (_req, res) => {
      res.json({ reached: true, place: signInPlace(res) !== null });
    });
    return listen(app);
  }

  function post(url: string, ip: string, cookie?: string) {
    return fetch(url, {
      method: "POST",
      redirect: "manual",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "x-forwarded-for": ip,
        ...(cookie ? { cookie } : {}),
      },
      body: new URLSearchParams({ email: "someone@example.test", password: "x" }),
    });
  }

  it("sends a post from a full address to the waiting notice, the page's way and a script's way", async () => {
    const server = await formServer();
    const ip = "10.63.0.1";
    const held = [];
    try {
      for (
        let place = hashSlots.admit({ address: ip });
        place;
        place = hashSlots.admit({ address: ip })
      )
        held.push(place);
      expect(held.length).toBeGreaterThan(0);
      const page = await post(`${server.url}/login`, ip);
      expect(page.status).toBe(303);
      expect(page.headers.get("location")).toBe(SIGN_IN_BUSY_PAGE);
      const script = await post(`${server.url}/login?index&_data=routes%2F_auth%2B%2Flogin`, ip);
      expect(script.status).toBe(204);
      expect(script.headers.get("x-remix-redirect")).toBe(SIGN_IN_BUSY_PAGE);
      // Single fetch's submission (`/login.data`) gets the redirect the way its client reads
      // one: 202 and a turbo-stream body naming the page.
      const single = await post(`${server.url}/login.data`, ip);
      expect(single.status).toBe(202);
      expect(single.headers.get("content-type")).toMatch(/^text\/x-script/);
      expect(single.headers.get("cache-control")).toBe("no-store");
      const decoded = await decode(single.body!);
      await decoded.done;
      expect(decoded.value).toEqual({
        redirect: SIGN_IN_BUSY_PAGE,
        status: 303,
        revalidate: false,
        reload: false,
        replace: false,
      });
      // A browser with a device cookie goes on: the procedure checks it against the email.
      expect(await (await post(`${server.url}/login`, ip, `${DEVICE_COOKIE}=a.b`)).json()).toEqual({
        reached: true,
        place: false,
      });
      // Another address is not held up, by either way.
      expect(await (await post(`${server.url}/login`, "10.63.0.2")).json()).toEqual({
        reached: true,
        place: true,
      });
      expect(await (await post(`${server.url}/login.data`, "10.63.0.2")).json()).toEqual({
        reached: true,
        place: true,
      });
    } finally {
      held.forEach((place) => place.release());
      await server.close();
    }
    expect(hashSlots.addressHeld("10.63.0.2")).toBe(0);
  });
});
