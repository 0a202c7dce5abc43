import { beforeAll, describe, expect, it } from "vitest";
import { seedBrokers } from "#tools/seed/brokers";
import { seedLegal } from "#tools/seed/legal";
import { fileDatabase } from "../helpers/file-db";
import { createUser } from "../helpers/fixtures";
import { pageData, type RouteAnswer, routeClient } from "../helpers/routes";

/**
 * The public pages and the language as the server answers them, without a browser: which
 * language a page is rendered in (the cookie, never Accept-Language), a member's choice kept on
 * the account, a broker's one address, the referral landing's cookie, a legal document's
 * unknown version, and who may store a page.
 */

const t = fileDatabase();
const routes = routeClient(() => t.db);

beforeAll(async () => {
  const admin = await createUser(t.db, { permission: "admin" });
  const member = await createUser(t.db);
  await seedBrokers(t.db, { adminId: admin.id, memberId: member.id });
  await seedLegal(t.db, { adminId: admin.id, memberIds: [member.id] });
});

/** The language the root renders the page in. */
const locale = (answer: RouteAnswer) => (answer.loaderData.root as { locale: string }).locale;

async function languageOf(userId: string) {
  const row = await t.db.kysely
    .selectFrom("users")
    .select("language")
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  return row.language;
}

describe("language", () => {
  it("is Japanese without the cookie, whatever Accept-Language asks", async () => {
    const headers = { "Accept-Language": "en-US,en;q=0.9" };
    for (const path of ["/login", "/welcome", "/brokers"]) {
      const answer = await routes.get(path, { headers });
      expect([answer.status, locale(answer)], path).toEqual([200, "ja"]);
    }
  });

  it("is English from the first byte with the cookie, or with ?lng=en", async () => {
    const byCookie = await routes.get("/login", { cookies: { language: "en" } });
    expect(locale(byCookie)).toBe("en");
    const byQuery = await routes.get("/welcome?lng=en");
    expect(locale(byQuery)).toBe("en");
  });

  it("a member's choice is kept on the account, for mail and LINE", async () => {
    const member = await createUser(t.db);
    const english = await routes.post("/language", { language: "en" }, { as: member });
    expect(english.actionData).toEqual({ ok: true, language: "en" });
    expect(await languageOf(member.id)).toBe("en");
    await routes.post("/language", { language: "ja" }, { as: member });
    expect(await languageOf(member.id)).toBe("ja");
    // Not a language the portal speaks: refused, the account keeps its own.
    const refused = await routes.post("/language", { language: "fr" }, { as: member });
    expect(refused.status).toBe(400);
    expect(await languageOf(member.id)).toBe("ja");
  });
});

describe("a broker's page", () => {
  it("has one address: capitals lead to it, the query kept", async () => {
    const answer = await routes.get("/brokers/XM?lng=en");
    expect([answer.status, answer.location]).toEqual([301, "/brokers/xm?lng=en"]);
    const page = await routes.get("/brokers/xm?lng=en");
    expect(page.status).toBe(200);
    expect(locale(page)).toBe("en");
  });
});

describe("the referral landing", () => {
  it("names the inviter and sets the attribution cookie; a later link does not replace it", async () => {
    const inviter = await createUser(t.db, { nickname: "招待する人" });
    await t.db.kysely
      .updateTable("users")
      .set({ referral_code: "land2026" })
      .where("id", "=", inviter.id)
      .execute();
    const landing = await routes.get("/r/land2026");
    expect(landing.status).toBe(200);
    expect(pageData(landing)).toMatchObject({
      code: "land2026",
      landing: { nickname: "招待する人" },
    });
    expect(landing.headers.get("Set-Cookie")).toMatch(/^ref=land2026;/);
    // Capitals and spaces in a shared link read as the same code.
    expect(pageData(await routes.get("/r/%20LAND2026"))).toMatchObject({ code: "land2026" });

    // An unknown code is not found and sets nothing; a held cookie is not replaced either.
    const unknown = await routes.get("/r/unknown99", { cookies: { ref: "land2026" } });
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get("Set-Cookie")).toBeNull();
    const later = await routes.get("/r/land2026", { cookies: { ref: "first1" } });
    expect(later.headers.get("Set-Cookie")).toBeNull();
  });
});

describe("a legal document", () => {
  it("an unknown version is a 404 that says a current version exists", async () => {
    for (const lng of ["ja", "en"]) {
      const answer = await routes.get("/terms?version=99", { cookies: { language: lng } });
      expect(answer.status, lng).toBe(404);
      expect(pageData(answer), lng).toMatchObject({
        kind: "terms",
        doc: null,
        unknownVersion: true,
      });
    }
    const current = await routes.get("/terms");
    expect(current.status).toBe(200);
    expect(pageData(current)).toMatchObject({ kind: "terms", unknownVersion: false });
    expect(pageData<{ doc: unknown }>(current).doc).not.toBeNull();
  });
});

describe("caching", () => {
  it("a visitor's public page may be stored by a CDN; a member's copy by nobody", async () => {
    const shared = "public, max-age=0, s-maxage=300, stale-while-revalidate=600";
    for (const path of ["/welcome", "/brokers/xm?lng=en", "/help", "/terms"]) {
      const answer = await routes.get(path);
      expect(answer.status, path).toBe(200);
      expect(answer.headers.get("Cache-Control"), path).toBe(shared);
    }
    const member = await createUser(t.db);
    const list = await routes.get("/brokers", { as: member });
    expect(list.headers.get("Cache-Control")).toBe("private, no-cache");
  });
});
