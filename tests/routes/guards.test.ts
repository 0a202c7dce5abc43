import { describe, expect, it } from "vitest";
import { createSession, SESSION_COOKIE } from "#server/auth/session";
import { fileDatabase } from "../helpers/file-db";
import { createUser, TEST_PASSWORD } from "../helpers/fixtures";
import { pageData, type RouteAnswer, routeClient } from "../helpers/routes";

/**
 * Who may open which area, asked of the routes as the server asks them: the area layouts'
 * guards, the procedures' roles behind a page asked alone (a client-side navigation), the
 * admin roles' pages, and where each person is sent instead.
 */

const t = fileDatabase();
const routes = routeClient(() => t.db);

const MEMBER_AREA = "routes/users+/_layout";
const ADMIN_AREA = "routes/admin+/_layout";

const redirected = (answer: RouteAnswer) => [answer.status, answer.location];

/** The area boundary an error was drawn in, and its status. */
function errorIn(answer: RouteAnswer) {
  const boundary = answer.boundary;
  const status = answer.error && "status" in answer.error ? answer.error.status : 500;
  return [answer.status, status, boundary];
}

describe("a visitor", () => {
  it("is sent to login from every protected area, with no way back named", async () => {
    for (const path of ["/users", "/users/mypage", "/admin", "/admin/customer", "/admin/x"]) {
      expect(redirected(await routes.get(path)), path).toEqual([302, "/login"]);
    }
  });

  it("comes back to a campaign page after login, where an unknown id is the member area's 404", async () => {
    const member = await createUser(t.db);
    const sent = await routes.get("/users/campaigns/abc?tab=2");
    expect(redirected(sent)).toEqual([302, "/login?redirect=%2Fusers%2Fcampaigns%2Fabc%3Ftab%3D2"]);
    // The login page says it will come back, and its form carries the way back.
    const login = await routes.get(sent.location!);
    expect(pageData(login)).toMatchObject({ redirect: "/users/campaigns/abc?tab=2" });
    const signedIn = await routes.post("/login", {
      email: member.email,
      password: TEST_PASSWORD,
      redirect: "/users/campaigns/abc?tab=2",
    });
    expect(redirected(signedIn)).toEqual([302, "/users/campaigns/abc?tab=2"]);
    expect(signedIn.headers.get("Set-Cookie")).toContain(`${SESSION_COOKIE}=`);
    expect(errorIn(await routes.get("/users/campaigns/abc?tab=2", { as: member }))).toEqual([
      404,
      404,
      MEMBER_AREA,
    ]);
  });

  it("is never sent to another site after login, whatever the link or the form says", async () => {
    const member = await createUser(t.db);
    for (const evil of ["//evil.example", "https://evil.example", "/\\evil.example"]) {
      const login = await routes.get(`/login?redirect=${encodeURIComponent(evil)}`);
      expect(pageData(login), evil).toMatchObject({ redirect: "" });
      const signedIn = await routes.post("/login", {
        email: member.email,
        password: TEST_PASSWORD,
        redirect: evil,
      });
      expect(redirected(signedIn), evil).toEqual([302, "/users"]);
    }
  });
});

describe("a member", () => {
  it("is sent home from the admin area, sign-in and registration; / is their home", async () => {
    const member = await createUser(t.db);
    for (const path of ["/admin", "/admin/customer"]) {
      expect(redirected(await routes.get(path, { as: member })), path).toEqual([302, "/"]);
    }
    expect(redirected(await routes.get("/", { as: member }))).toEqual([302, "/users"]);
    for (const path of ["/login", "/register"]) {
      expect(redirected(await routes.get(path, { as: member })), path).toEqual([302, "/users"]);
    }
    expect((await routes.get("/users", { as: member })).status).toBe(200);
  });

  it("posting to an admin page's action is sent home, and nothing is made", async () => {
    const member = await createUser(t.db);
    const before = await t.db.kysely.selectFrom("brokers").select("id").execute();
    // The broker form is multipart (it carries images), as the browser sends it.
    const form = new FormData();
    form.set("name", "Not a broker");
    const answer = await routes.post("/admin/account/brokers/new", form, { as: member });
    expect(redirected(answer)).toEqual([302, "/"]);
    expect(await t.db.kysely.selectFrom("brokers").select("id").execute()).toHaveLength(
      before.length,
    );
  });

  it("an address under the area that no page answers is the area's 404", async () => {
    const member = await createUser(t.db);
    const answer = await routes.get("/users/cashback-battle/no-such-page", { as: member });
    expect(errorIn(answer)).toEqual([404, 404, MEMBER_AREA]);
  });

  it("whose session ended is sent to login by the next page's own procedure, and back after", async () => {
    const member = await createUser(t.db);
    const { token } = await createSession(t.db, member.id);
    await t.db.kysely.deleteFrom("sessions").where("user_id", "=", member.id).execute();
    // A client-side navigation asks only the new page's loader, not the area's guard.
    const answer = await routes.get("/users/withdraw", {
      cookies: { [SESSION_COOKIE]: token },
      only: "routes/users+/withdraw+/_index",
    });
    expect(redirected(answer)).toEqual([302, "/login?ended=expired&redirect=%2Fusers%2Fwithdraw"]);
    // The login page says the session ended.
    expect(pageData(await routes.get(answer.location!))).toMatchObject({
      ended: "expired",
      redirect: "/users/withdraw",
    });
  });
});

describe("an admin", () => {
  it("is sent to the admin area from the member area, sign-in and /", async () => {
    const admin = await createUser(t.db, { permission: "admin" });
    for (const path of ["/users", "/users/mypage"]) {
      expect(redirected(await routes.get(path, { as: admin })), path).toEqual([302, "/"]);
    }
    expect(redirected(await routes.get("/", { as: admin }))).toEqual([302, "/admin"]);
    expect(redirected(await routes.get("/login", { as: admin }))).toEqual([302, "/admin"]);
    expect((await routes.get("/admin", { as: admin })).status).toBe(200);
  });

  it("without a second factor may open only the page that enrols one", async () => {
    const admin = await createUser(t.db, { permission: "admin", secondFactor: false });
    for (const path of ["/admin", "/admin/customer"]) {
      expect(redirected(await routes.get(path, { as: admin })), path).toEqual([
        302,
        "/admin/security",
      ]);
    }
    expect((await routes.get("/admin/security", { as: admin })).status).toBe(200);
  });

  it("meets the admin area's 404 for an unknown id or an address no page answers", async () => {
    const admin = await createUser(t.db, { permission: "admin" });
    for (const path of ["/admin/gachas/01jzzzzzzzzzzzzzzzzzzzzzzz", "/admin/no-such-page"]) {
      expect(errorIn(await routes.get(path, { as: admin })), path).toEqual([404, 404, ADMIN_AREA]);
    }
  });

  it("opens only the pages of their role: another page is the area's 403", async () => {
    const support = await createUser(t.db, { permission: "admin", adminRole: "support" });
    // The money pages: withdrawals, transfers, presents.
    for (const path of ["/admin/withdraw", "/admin/withdraw/transfers", "/admin/present"]) {
      const refused = await routes.get(path, { as: support });
      expect(errorIn(refused), path).toEqual([403, 403, ADMIN_AREA]);
      expect((refused.error as { data: unknown }).data, path).toEqual({
        refusal: "permissionRequired",
      });
    }
    expect((await routes.get("/admin/customer", { as: support })).status).toBe(200);
  });

  it("without the export permission, a member or audit CSV goes back to its list, a 403 in the area", async () => {
    const support = await createUser(t.db, { permission: "admin", adminRole: "support" });
    for (const [csv, list] of [
      ["/admin/customer/export", "/admin/customer"],
      ["/admin/setting/audit/export", "/admin/setting/audit"],
    ] as const) {
      const refused = await routes.get(csv, { as: support });
      expect(refused.status, csv).toBe(302);
      expect(new URL(refused.location!, "http://x").pathname, csv).toBe(list);
      expect(errorIn(await routes.get(refused.location!, { as: support })), csv).toEqual([
        403,
        403,
        ADMIN_AREA,
      ]);
    }
  });

  it("gets no member list as a file without the export permission, though the download runs without the area", async () => {
    const analyst = await createUser(t.db, { permission: "admin", adminRole: "analyst" });
    const owner = await createUser(t.db, { permission: "admin" });
    expect((await routes.get("/admin/account", { as: analyst })).status).toBe(200);
    // Refused, the download goes back to its list, where the admin layout says 403 in the menu.
    const refused = await routes.get("/admin/account/export?status=pending", { as: analyst });
    expect(redirected(refused)).toEqual([302, "/admin/account?status=pending&exportRefused=1"]);
    expect(
      (await routes.get("/admin/account?status=pending&exportRefused=1", { as: analyst })).status,
    ).toBe(403);
    const file = await routes.get("/admin/account/export", { as: owner });
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Type")).toContain("text/csv");
  });
});
