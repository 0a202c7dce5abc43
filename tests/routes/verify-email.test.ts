import { describe, expect, it } from "vitest";
import { createSession, SESSION_COOKIE } from "#server/auth/session";
import { fileDatabase } from "../helpers/file-db";
import { createUser, MailBox } from "../helpers/fixtures";
import { fund, key, walletOf } from "../helpers/money";
import { formRefusal, type RouteAnswer, refusalText, routeClient } from "../helpers/routes";

/**
 * A member whose email address is not confirmed cannot move money out: every money page is
 * told so (the root's viewer, which the notice reads), the request is refused by the server
 * with that reason, the link is mailed again from any page, and once it is followed the pages
 * open.
 */

const t = fileDatabase({ ledgerMustBalance: true });
const routes = routeClient(() => t.db);

const verified = (answer: RouteAnswer) =>
  (answer.loaderData.root as { viewer: { user: { emailVerified: boolean } | null } }).viewer.user
    ?.emailVerified;

describe("an unverified member", () => {
  it("is told on each money page, refused a withdrawal, resends the link and is free once it is followed", async () => {
    const member = await createUser(t.db, { verified: false });
    await fund(t.db, member.id, 20_000);
    const { token } = await createSession(t.db, member.id, { userAgent: "route-test" });
    const session = { cookies: { [SESSION_COOKIE]: token } };
    const money = ["/users/withdraw/new", "/users/withdraw/transfer", "/users/mypage"];
    for (const path of money) {
      const page = await routes.get(path, session);
      expect([page.status, verified(page)], path).toEqual([200, false]);
    }

    const refused = await routes.post(
      "/users/withdraw/new",
      { method: "bank", amount: "1000", requestKey: key() },
      session,
    );
    expect(refused.status).toBe(400);
    expect(formRefusal(refused).key).toBe("emailUnverified");
    expect(await refusalText(refused)).toContain("先にメールアドレスの確認を済ませてください");
    expect((await walletOf(t.db, member.id)).available).toBe(20_000);

    // Every page's notice posts to the dashboard's action: one mail, the page stays.
    const mail = new MailBox();
    const resent = await routes.post("/users?index", {}, { ...session, mailer: mail });
    expect(resent.actionData).toMatchObject({ ok: true });
    expect(mail.sent.filter((m) => m.template === "verifyEmail")).toHaveLength(1);

    const link = `/verify-email?token=${mail.token("verifyEmail")}`;
    expect((await routes.get(link)).loaderData).toMatchObject({
      "routes/_public+/verify-email": { valid: true },
    });
    const confirmed = await routes.post(link, {}, session);
    expect(confirmed.status).toBeLessThan(400);
    for (const path of money) {
      expect(verified(await routes.get(path, session)), path).toBe(true);
    }
  });
});
