import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "#server/app";
import { parseConfig } from "#server/config";
import { createLogger } from "#server/logger";
import { seedBrokers } from "#tools/seed/brokers";
import { fileDatabase } from "../helpers/file-db";
import { createUser } from "../helpers/fixtures";
import { listen, type RunningServer } from "../helpers/http";
import { pageData, routeClient } from "../helpers/routes";

/**
 * The public rate card without a browser: /brokers is the page itself (no redirect) and names
 * the seeded brokers' art, which the server sends from public/ as an SVG. What the visitor does
 * with the page (the calculator, with and without JavaScript) is the browser's
 * (tests/e2e/public-pages.spec.ts).
 */

const t = fileDatabase();
const routes = routeClient(() => t.db);
let srv: RunningServer | undefined;

beforeAll(async () => {
  const admin = await createUser(t.db, { permission: "admin" });
  const member = await createUser(t.db);
  await seedBrokers(t.db, { adminId: admin.id, memberId: member.id });
});

afterAll(async () => {
  await srv?.close();
});

describe("the public rate card", () => {
  it("/brokers is the page itself, with no redirect, and names the seeded art", async () => {
    const answer = await routes.get("/brokers");
    expect([answer.status, answer.location]).toEqual([200, null]);
    expect(JSON.stringify(pageData(answer))).toContain("/broker-art/xm-logo.svg");
  });

  it("the seeded art is served from public/ as an SVG", async () => {
    srv = await listen(
      createApp({
        config: parseConfig({ NODE_ENV: "test", LOG_LEVEL: "silent" }),
        db: t.db,
        log: createLogger({ level: "silent" }),
        publicDir: path.resolve(import.meta.dirname, "../../public"),
      }),
    );
    const art = await fetch(`${srv.url}/broker-art/xm-logo.svg`, { redirect: "manual" });
    expect(art.status).toBe(200);
    expect(art.headers.get("content-type")).toContain("image/svg+xml");
  });
});
