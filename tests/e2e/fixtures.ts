import { test as base, expect, type Page, type Route } from "@playwright/test";
import { createDb, type Db } from "../../db";
import { newId } from "../../db/id";
import type { Permission } from "../../db/schema";
import { nowDb } from "../../db/time";
import { hashPassword } from "../../server/auth/password";
import { createSession, SESSION_COOKIE } from "../../server/auth/session";
import { E2E_SQLITE_PATH } from "./env";

export { expect };

export const E2E_PASSWORD = "E2e-passw0rd-2026";

/**
 * Admins must have a second factor (an admin without one may only enrol): the admins the
 * tests make have TOTP on with this base32 secret.
 */
export const E2E_ADMIN_TOTP_SECRET = "E2EADMINTOTPSECRETFORPLAYWRIGHT2";

/** The TOTP columns of an enrolled admin, for tests that insert admins themselves. */
export function adminSecondFactor(permission: Permission, now: string) {
  return permission === "admin" ? { totp_secret: E2E_ADMIN_TOTP_SECRET, totp_enabled_at: now } : {};
}

export interface E2eUser {
  id: string;
  email: string;
  nickname: string;
  permission: Permission;
}

/**
 * What went wrong in the browser during a test: console errors, uncaught exceptions, requests
 * that failed and responses with an error status. A test that expects an error response (the
 * 404 page, for now, of routes later issues add) declares it with `allow`.
 */
export class Problems {
  readonly list: string[] = [];
  private allowed: RegExp[] = [];

  allow(url: RegExp) {
    this.allowed.push(url);
  }

  isAllowed(url: string) {
    return this.allowed.some((re) => re.test(url));
  }

  add(problem: string) {
    this.list.push(problem);
  }
}

/** The tag manager and the pixel hosts: unreachable here, answered locally. */
const THIRD_PARTY =
  /^https:\/\/([a-z0-9-]+\.)*(googletagmanager\.com|google-analytics\.com|facebook\.net|facebook\.com)\//;

async function fulfilThirdParty(route: Route) {
  const type = route.request().resourceType();
  if (type === "script") {
    await route.fulfill({ status: 200, contentType: "application/javascript", body: "" });
  } else {
    await route.fulfill({ status: 204, body: "" });
  }
}

interface TestFixtures {
  problems: Problems;
  /** Signs a new member (or admin) in by writing a session and setting the `sid` cookie. */
  login: (permission?: Permission) => Promise<E2eUser>;
}

interface WorkerFixtures {
  db: Db;
  passwordHash: string;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  db: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const db = createDb({ sqlitePath: E2E_SQLITE_PATH });
      await use(db);
      await db.destroy();
    },
    { scope: "worker" },
  ],

  // Hashing at production cost takes a few hundred milliseconds: once per worker is enough.
  passwordHash: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      await use(await hashPassword(E2E_PASSWORD));
    },
    { scope: "worker" },
  ],

  context: async ({ context }, use) => {
    await context.route(THIRD_PARTY, fulfilThirdParty);
    await use(context);
  },

  problems: [
    async ({ page }, use) => {
      const problems = new Problems();
      page.on("console", (msg) => {
        if (msg.type() !== "error") return;
        const url = msg.location().url;
        if (msg.text().startsWith("Failed to load resource") && problems.isAllowed(url)) return;
        problems.add(`console error: ${msg.text()} (${url})`);
      });
      page.on("pageerror", (error) => problems.add(`page error: ${error.message}`));
      page.on("requestfailed", (request) => {
        // A navigation cancels what the page it leaves still had in flight (route manifest
        // prefetches, the favicon): that is the browser's doing, not a failure.
        if (request.failure()?.errorText === "net::ERR_ABORTED") return;
        problems.add(
          `request failed: ${request.method()} ${request.url()} ${request.failure()?.errorText ?? ""}`,
        );
      });
      page.on("response", (response) => {
        if (response.status() >= 400 && !problems.isAllowed(response.url())) {
          problems.add(
            `HTTP ${response.status()}: ${response.request().method()} ${response.url()}`,
          );
        }
      });
      await use(problems);
      expect(problems.list, "no console errors or failed requests").toEqual([]);
    },
    { auto: true },
  ],

  login: async ({ db, passwordHash, context }, use) => {
    await use(async (permission = "member") => {
      const id = newId();
      const now = nowDb();
      const user: E2eUser = {
        id,
        email: `e2e-${id}@example.test`,
        nickname: `e2e${id.slice(-8)}`,
        permission,
      };
      await db.kysely
        .insertInto("users")
        .values({
          id,
          email: user.email,
          email_verified_at: now,
          password_hash: passwordHash,
          name: permission === "admin" ? "E2E Admin" : "E2E Member",
          nickname: user.nickname,
          // Every member who registers gets one; the affiliate page shows it.
          referral_code: `e2e${id.slice(-12)}`.toLowerCase(),
          permission,
          language: "ja",
          ...adminSecondFactor(permission, now),
          created_at: now,
          updated_at: now,
        })
        .execute();
      const { token, expiresAt } = await createSession(db, id, { userAgent: "playwright" });
      await context.addCookies([
        {
          name: SESSION_COOKIE,
          value: token,
          domain: "localhost",
          path: "/",
          httpOnly: true,
          sameSite: "Lax",
          expires: Math.floor(expiresAt.getTime() / 1000),
        },
      ]);
      return user;
    });
  },
});

/**
 * Opens a path and waits until React has hydrated (the root marks <html data-hydrated>), so
 * clicks and selections reach their handlers instead of the server-rendered markup.
 */
export async function visit(page: Page, path: string) {
  const response = await page.goto(path);
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  return response;
}

/** Waits for hydration after a reload. */
export async function reload(page: Page) {
  const response = await page.reload();
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  return response;
}
