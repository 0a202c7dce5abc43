import {
  test as base,
  expect,
  type Browser,
  type BrowserContext,
  type Page,
  type Route,
} from "@playwright/test";
import { createDb, type Db } from "#db";
import { newId } from "#db/id";
import type { Permission } from "#db/schema";
import { nowDb } from "#db/time";
import { hashPassword } from "#server/auth/password";
import { createSession, SESSION_COOKIE } from "#server/auth/session";
import { rowWhere } from "../helpers/db";
import { fund, givePaymentDetails, type PaymentColumns } from "../helpers/money";
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

/** What a test may choose about a user it writes straight into the database. */
export interface NewUser {
  id?: string;
  permission?: Permission;
  name?: string;
  /** Defaults to `e2e` and the id's tail, so it never collides with another test's. */
  nickname?: string;
  /** The email's local part before the id (`<prefix>-<id>@example.test`). */
  emailPrefix?: string;
  language?: "ja" | "en";
  /** Only tests that sign in through the login page need a real hash. */
  passwordHash?: string;
  referralCode?: string;
  referrerId?: string;
  rankingOptOut?: boolean;
  /** Admins get TOTP enrolled unless this is false (see adminSecondFactor). */
  secondFactor?: boolean;
  /** An admin's role: owner unless the test says otherwise. */
  adminRole?: string;
}

/**
 * Writes a verified user straight into the database (the tests are about other screens than
 * registration). Every e2e spec makes its people this one way.
 */
export async function insertUser(db: Db, options: NewUser = {}): Promise<E2eUser> {
  const id = options.id ?? newId();
  const now = nowDb();
  const permission = options.permission ?? "member";
  const user: E2eUser = {
    id,
    email: `${options.emailPrefix ?? "e2e"}-${id}@example.test`,
    nickname: options.nickname ?? `e2e${id.slice(-8)}`,
    permission,
  };
  await db.kysely
    .insertInto("users")
    .values({
      id,
      email: user.email,
      email_verified_at: now,
      password_hash: options.passwordHash ?? "not-used-by-these-tests",
      name: options.name ?? "E2E Member",
      nickname: user.nickname,
      ...(options.referralCode ? { referral_code: options.referralCode } : {}),
      ...(options.referrerId ? { referrer_id: options.referrerId } : {}),
      permission,
      language: options.language ?? "ja",
      ...(options.secondFactor === false ? {} : adminSecondFactor(permission, now)),
      ...(options.rankingOptOut ? { ranking_opt_out: 1 } : {}),
      ...(permission === "admin" ? { admin_role_id: options.adminRole ?? "owner" } : {}),
      created_at: now,
      updated_at: now,
    })
    .execute();
  return user;
}

/** Gives a member the referral code their affiliate links carry. */
export async function giveReferralCode(db: Db, userId: string, code: string) {
  await db.kysely
    .updateTable("users")
    .set({ referral_code: code })
    .where("id", "=", userId)
    .execute();
}

/**
 * Signs a browser context in as an existing user: a session written to the database and its
 * cookie set, no login page (the auth specs cover that).
 */
export async function signInUser(context: BrowserContext, db: Db, userId: string) {
  const { token, expiresAt } = await createSession(db, userId, { userAgent: "playwright" });
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
}

/** The id of the seeded user with this email (the demo member or admin). */
export async function userIdByEmail(db: Db, email: string) {
  return (await rowWhere(db, "users", "email", email)).id;
}

/** Signs in the seeded user with this email (the demo member or admin) and returns its id. */
export async function signInByEmail(context: BrowserContext, db: Db, email: string) {
  const id = await userIdByEmail(db, email);
  await signInUser(context, db, id);
  return id;
}

/**
 * A second person next to the test's own page: a new user signed in, in a browser context of
 * their own (the caller closes it, or the test's end does).
 */
export async function userPage(browser: Browser, db: Db, options: NewUser = {}) {
  const user = await insertUser(db, options);
  const context = await browser.newContext();
  await signInUser(context, db, user.id);
  return { ...user, context, page: await context.newPage() };
}

/**
 * What went wrong in the browser during a test: console errors, uncaught exceptions, requests
 * that failed and responses with an error status. A test that expects an error response (a 404
 * page opened on purpose) declares it with `allow`.
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

/**
 * Records on `problems` what goes wrong on `page`: the fixture's own page, or a second page a
 * journey opens (a tab with an authenticator of its own) that must be as clean.
 */
export function watchProblems(page: Page, problems: Problems) {
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
    // A test that cuts the network on purpose declares the address with `allow`.
    if (problems.isAllowed(request.url())) return;
    problems.add(
      `request failed: ${request.method()} ${request.url()} ${request.failure()?.errorText ?? ""}`,
    );
  });
  page.on("response", (response) => {
    if (response.status() >= 400 && !problems.isAllowed(response.url())) {
      problems.add(`HTTP ${response.status()}: ${response.request().method()} ${response.url()}`);
    }
  });
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
  /**
   * Signs a new member in with `balance` yen and full payment details (`details` overrides
   * some of them), as the money pages need.
   */
  payingMember: (balance: number, details?: Partial<PaymentColumns>) => Promise<E2eUser>;
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
      watchProblems(page, problems);
      await use(problems);
      expect(problems.list, "no console errors or failed requests").toEqual([]);
    },
    { auto: true },
  ],

  login: async ({ db, passwordHash, context }, use) => {
    await use(async (permission = "member") => {
      const id = newId();
      const user = await insertUser(db, {
        id,
        permission,
        passwordHash,
        name: permission === "admin" ? "E2E Admin" : "E2E Member",
        // Every member who registers gets one; the affiliate page shows it.
        referralCode: `e2e${id.slice(-12)}`.toLowerCase(),
      });
      await signInUser(context, db, id);
      return user;
    });
  },

  payingMember: async ({ db, login }, use) => {
    await use(async (balance, details = {}) => {
      const me = await login("member");
      await fund(db, me.id, balance);
      await givePaymentDetails(db, me.id, details);
      return me;
    });
  },
});

/**
 * Answers every "mark this dialog shown" request with a 500, as a write lost on the way would
 * be, and collects the console warnings the page logs about it.
 */
export async function failDialogMarks(page: Page, problems: Problems): Promise<string[]> {
  problems.allow(/\/dialogs$/);
  await page.route(/\/dialogs$/, (route) =>
    route.fulfill({ status: 500, contentType: "application/json", body: "{}" }),
  );
  const warnings: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "warning") warnings.push(msg.text());
  });
  return warnings;
}

/**
 * Back to the default language between a journey's steps: the cookie, and the browser's stored
 * choice (localStorage), which would otherwise win over a cleared cookie and set it back. The
 * page must be on the portal's origin (or blank, which has no stored choice).
 */
export async function forgetLanguage(page: Page) {
  await page.evaluate(() => window.localStorage.removeItem("language")).catch(() => undefined);
  await page.context().clearCookies({ name: "language" });
}

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

/**
 * Between the steps of a journey: the next step starts as a new test would, signed out (no
 * cookies, nothing in the site's local or session storage: the pages keep the last language
 * there and would restore it over the cookie), at the project's width, with no routes of the
 * page's own and no motion preference, on a blank page. What a step allowed in `problems`
 * stays allowed for the steps after it.
 */
export async function freshStep(page: Page) {
  await page.unrouteAll({ behavior: "ignoreErrors" });
  await page.context().clearCookies();
  // Storage is per origin: cleared from a page of the site's own that runs no script.
  await page.goto("/readyz");
  await page.evaluate(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });
  const viewport = test.info().project.use.viewport;
  if (viewport) await page.setViewportSize(viewport);
  await page.emulateMedia({ reducedMotion: null });
  await page.goto("about:blank");
}
