import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Browser, Locator, Page } from "@playwright/test";
import { newId } from "#db/id";
import type { Language, Permission } from "#db/schema";
import { nowDb } from "#db/time";
import { totpAt, timeStep } from "#server/auth/totp";
import type { MailTemplate } from "#server/mail";
import { E2E_MAIL_DIR, E2E_ORIGIN } from "./env";
import {
  E2E_ADMIN_TOTP_SECRET,
  E2E_PASSWORD,
  type E2eUser,
  expect,
  test as base,
  visit,
} from "./fixtures";

export { expect, visit, E2E_PASSWORD, E2E_ADMIN_TOTP_SECRET };

export interface NewUser extends E2eUser {
  password: string;
}

interface UserOptions {
  permission?: Permission;
  language?: Language;
  /** A TOTP secret to enrol the account with (MFA on). */
  totpSecret?: string;
  /**
   * Admins get TOTP on with E2E_ADMIN_TOTP_SECRET unless this is false (an admin without a
   * second factor may only enrol one).
   */
  secondFactor?: boolean;
  /** false: the email address is not confirmed yet (no money leaves the account). */
  verified?: boolean;
  /** An admin's role: owner unless the test says otherwise. */
  adminRole?: string;
}

/**
 * Ticks the registration form's box agreeing to the terms of use and the privacy policy, as a
 * visitor must before the form is accepted.
 */
export async function agreeToTerms(scope: Page | Locator) {
  await scope.getByRole("checkbox", { name: /利用規約|terms of use/ }).check();
}

/**
 * The shared fixtures plus `createUser`: an account with the e2e password and no session, for
 * journeys that sign in through the login page.
 */
export const test = base.extend<{ createUser: (options?: UserOptions) => Promise<NewUser> }>({
  createUser: async ({ db, passwordHash }, use) => {
    await use(async (options = {}) => {
      const id = newId();
      const now = nowDb();
      const permission = options.permission ?? "member";
      const totpSecret =
        options.totpSecret ??
        (permission === "admin" && options.secondFactor !== false ? E2E_ADMIN_TOTP_SECRET : null);
      const user: NewUser = {
        id,
        email: `e2e-${id}@example.test`.toLowerCase(),
        nickname: `e2e${id.slice(-8)}`,
        permission,
        password: E2E_PASSWORD,
      };
      await db.kysely
        .insertInto("users")
        .values({
          id,
          email: user.email,
          email_verified_at: options.verified === false ? null : now,
          password_hash: passwordHash,
          name: "E2E Member",
          nickname: user.nickname,
          permission,
          language: options.language ?? "ja",
          totp_secret: totpSecret,
          totp_enabled_at: totpSecret ? now : null,
          admin_role_id: permission === "admin" ? (options.adminRole ?? "owner") : null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      return user;
    });
  },
});

/**
 * A second browser (another device of the same person). Like the fixtures' own context, it
 * never reaches the internet: third-party hosts are answered empty.
 */
export async function newBrowserContext(browser: Browser) {
  const context = await browser.newContext({ baseURL: E2E_ORIGIN });
  await context.route(
    (url) => url.hostname !== "localhost",
    (route) => route.fulfill({ status: 204, body: "" }),
  );
  return context;
}

/** A fresh address nobody has used (ids are unique, so parallel tests never collide). */
export function freshEmail(label: string): string {
  return `e2e-${label}-${newId()}@example.test`.toLowerCase();
}

/**
 * The link in the newest mail of that kind to that address, from the files the e2e server
 * writes into MAIL_DIR (other tests write there at the same time: filtered by recipient).
 */
export async function mailLink(to: string, template: MailTemplate): Promise<string> {
  let link: string | null = null;
  await expect
    .poll(
      () => {
        link = newestLink(to, template);
        return link;
      },
      { message: `a ${template} mail to ${to}` },
    )
    .not.toBeNull();
  return link!;
}

function newestLink(to: string, template: MailTemplate): string | null {
  let files: string[];
  try {
    files = readdirSync(E2E_MAIL_DIR);
  } catch {
    return null;
  }
  // Names start with an ISO timestamp: the last in order is the newest.
  for (const file of files
    .filter((f) => f.endsWith(`-${template}.txt`))
    .sort()
    .reverse()) {
    const text = readFileSync(path.join(E2E_MAIL_DIR, file), "utf8");
    if (!text.split("\n").includes(`To: ${to}`)) continue;
    const match = /https?:\/\/\S+\?token=\S+/.exec(text);
    if (!match) throw new Error(`the ${template} mail to ${to} has no link:\n${text}`);
    return match[0];
  }
  return null;
}

/** How many mails of that kind went to that address. */
export function mailCount(to: string, template: MailTemplate): number {
  let files: string[];
  try {
    files = readdirSync(E2E_MAIL_DIR);
  } catch {
    return 0;
  }
  return files
    .filter((f) => f.endsWith(`-${template}.txt`))
    .filter((f) =>
      readFileSync(path.join(E2E_MAIL_DIR, f), "utf8").split("\n").includes(`To: ${to}`),
    ).length;
}

/**
 * The authenticator's code for a later time step than any already used: the server accepts
 * the current step ±1 and refuses a step it has seen, so the next step is always fresh.
 */
export function nextCode(secret: string): string {
  return totpAt(secret, timeStep() + 1);
}

/** A six-digit code that no step near now produces for this secret. */
export function wrongCode(secret: string): string {
  const near = new Set([-2, -1, 0, 1, 2].map((d) => totpAt(secret, timeStep() + d)));
  for (let n = 123456; ; n = (n + 111111) % 1_000_000) {
    const code = String(n).padStart(6, "0");
    if (!near.has(code)) return code;
  }
}

/**
 * Fills the login form (any language: fields by name), submits it and waits for the answer,
 * so that repeated submissions with the same outcome are each counted.
 */
export async function submitLogin(page: Page, email: string, password: string) {
  const form = page.getByTestId("main").locator("form[method=post]").first();
  await form.locator('input[name="email"]').fill(email);
  await form.locator('input[name="password"]').fill(password);
  // The form posts to /login, or to /login.data when the script submits it (single fetch).
  const answered = page.waitForResponse(
    (r) => r.request().method() === "POST" && /^\/login(\.data)?$/.test(new URL(r.url()).pathname),
  );
  await form.locator('button[type="submit"]').click();
  await answered;
}

/** Opens the login page (optionally with a query) and signs in. */
export async function loginViaUi(page: Page, email: string, password: string, query = "") {
  await visit(page, `/login${query}`);
  await submitLogin(page, email, password);
}

/**
 * Chromium's virtual authenticator (CDP): a platform authenticator that holds discoverable
 * credentials and verifies the user, like a phone's or laptop's built-in passkey support.
 */
export async function addVirtualAuthenticator(page: Page): Promise<string> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return authenticatorId;
}
