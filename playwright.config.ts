import { defineConfig, devices } from "@playwright/test";
import {
  E2E_LINE_PORT,
  E2E_LINE_URL,
  E2E_MAIL_DIR,
  E2E_ORIGIN,
  E2E_PORT,
  E2E_SQLITE_PATH,
} from "./tests/e2e/env";
import { STANDIN_DEFAULTS } from "./tests/helpers/line-standin";

/**
 * End-to-end tests against the built server (`npm run build` first, as CI does) with a freshly
 * seeded SQLite file. Debian's Chromium only: this machine and CI have no internet, so
 * Playwright must never download a browser.
 */
const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

const serverEnv = {
  NODE_ENV: "production",
  COOKIE_SECURE: "false",
  PORT: String(E2E_PORT),
  APP_ORIGIN: E2E_ORIGIN,
  SQLITE_PATH: E2E_SQLITE_PATH,
  // Mails are files the tests read their links from; the command below empties data/e2e.
  MAIL_TRANSPORT: "file",
  MAIL_DIR: E2E_MAIL_DIR,
  // Uploads (profile images, broker art) also live inside data/e2e, emptied on every run.
  UPLOAD_DIR: "data/e2e/uploads",
  LOG_LEVEL: "warn",
  // Set so the analytics rules (pixel page views for paid traffic, GTM nonce) can be tested;
  // the fixtures answer the third-party hosts locally.
  META_PIXEL_ID: "1234567890",
  GTM_ID: "GTM-TEST123",
  // LINE Login through the local stand-in (started below): the browser really goes there and back.
  LINE_LOGIN_CHANNEL_ID: STANDIN_DEFAULTS.loginChannelId,
  LINE_LOGIN_CHANNEL_SECRET: STANDIN_DEFAULTS.loginChannelSecret,
  LINE_API_BASE_URL: E2E_LINE_URL,
  LINE_LOGIN_BASE_URL: E2E_LINE_URL,
  LINE_BOT_BASIC_ID: "@e2estandin",
  // The LIFF app the rich menu opens (its landing page is /liff; the LIFF steps of tests/e2e/line.spec.ts).
  LIFF_ID: `${STANDIN_DEFAULTS.loginChannelId}-E2eLiffA`,
};

/**
 * Specs that change what every member meets (a terms version asking all members to agree
 * again): they run after the others have finished, never beside them.
 */
const AFTER_ALL = ["**/legal-reconsent.spec.ts"];

export default defineConfig({
  // Every spec here runs in CI: a screenshot a person wants is taken inside a journey that
  // asserts something (shots.ts), never by a spec CI skips. What needs no browser (guards,
  // refusals, form errors, odd URLs) is tested on the routes in tests/routes.
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/global-setup.ts",
  outputDir: "test-results/e2e",
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  // The long journeys (six withdrawals and the admin's decisions, register → verify → MFA) take
  // 20–30 s on 2 busy cores with two browsers open: 60 s keeps a slow runner from failing them.
  timeout: 60_000,
  expect: { timeout: 5_000 },
  reporter: process.env.CI ? [["list"], ["html", { open: "never" }]] : [["list"]],
  use: {
    baseURL: E2E_ORIGIN,
    locale: "en-US",
    timezoneId: "Asia/Tokyo",
    // Recording a trace for every test halves the suite's speed on 2 cores (journey.spec: 1.6
    // min without, 2.7 min and four timeouts with): record only the retry of a failed test.
    trace: "on-first-retry",
    screenshot: "only-on-failure",
    launchOptions: { executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS },
  },
  projects: [
    {
      name: "desktop",
      grepInvert: /@mobile/,
      testIgnore: AFTER_ALL,
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } },
    },
    {
      // Only the journeys that differ on a phone run here (their titles carry @mobile).
      name: "mobile",
      grep: /@mobile/,
      testIgnore: AFTER_ALL,
      use: {
        viewport: { width: 375, height: 812 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
      },
    },
    {
      name: "after-all",
      testMatch: AFTER_ALL,
      dependencies: ["desktop", "mobile"],
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: [
    {
      // The LINE Platform stand-in: LINE Login's pages and API, the Messaging API.
      command: "npx tsx tests/helpers/line-standin-server.ts",
      url: `${E2E_LINE_URL}/__standin/state`,
      env: { LINE_STANDIN_PORT: String(E2E_LINE_PORT) },
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      // Playwright starts the web server before globalSetup, so the database is reset and seeded
      // here, before the server opens it: a fresh file on every run.
      command: `node -e "require('node:fs').rmSync('${E2E_SQLITE_PATH.replace(/\/[^/]+$/, "")}', { recursive: true, force: true })" && node build/server/cli.js seed --demo && node build/server/http.js`,
      url: `${E2E_ORIGIN}/readyz`,
      env: serverEnv,
      reuseExistingServer: !process.env.CI,
      // The demo seed (twenty members' six months) runs first: 30 s on a quiet machine.
      timeout: 180_000,
      stdout: "ignore",
      stderr: "pipe",
    },
  ],
});
