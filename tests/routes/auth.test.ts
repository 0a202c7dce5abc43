import { describe, expect, it } from "vitest";
import { SIGN_IN_BUSY_PAGE } from "#server/auth/sign-in-door";
import en from "../../locales/en/auth.json";
import ja from "../../locales/ja/auth.json";
import { fileDatabase } from "../helpers/file-db";
import { createUser, MailBox, TEST_PASSWORD } from "../helpers/fixtures";
import { formRefusal, pageData, refusalText, routeClient } from "../helpers/routes";

/**
 * The sign-in routes' refusals, as the server answers the forms: what a person reads, which
 * never tells whether an address has an account, the attempt limit, the registration form's
 * reasons, and the steps that need what came before them.
 */

const t = fileDatabase();
const routes = routeClient(() => t.db);

const EMAIL = { name: "email", label: "auth:fields.email" };
const PASSWORD = { name: "password", label: "auth:fields.password" };

describe("login", () => {
  it("says each empty field is needed", async () => {
    const answer = await routes.post("/login", { email: "", password: "", redirect: "" });
    expect(answer.status).toBe(400);
    expect(await refusalText(answer, "ja", EMAIL)).toBe("メールアドレスは必須です");
    expect(await refusalText(answer, "ja", PASSWORD)).toBe("パスワードは必須です");
    expect(await refusalText(answer, "en", EMAIL)).toBe("Email is required");
  });

  it("reads the same for an unknown address and a wrong password, then stops after 5 failures", async () => {
    const user = await createUser(t.db);
    const nobody = await routes.post("/login", {
      email: "nobody-here@example.test",
      password: TEST_PASSWORD,
      redirect: "",
    });
    const wrong = await routes.post("/login", {
      email: user.email,
      password: "Wrong-passw0rd",
      redirect: "",
    });
    for (const answer of [nobody, wrong]) {
      expect(await refusalText(answer)).toBe("メールアドレスまたはパスワードが正しくありません");
    }
    // The address typed is given back for the next try; the password never is.
    expect(formRefusal(wrong).values).toMatchObject({ email: user.email });
    expect(formRefusal(wrong).values).not.toHaveProperty("password");
    for (let failure = 2; failure <= 5; failure++) {
      const answer = await routes.post("/login", {
        email: user.email,
        password: `Wrong-passw0rd${failure}`,
        redirect: "",
      });
      expect(formRefusal(answer).key).toBe("invalidCredentials");
    }
    // The sixth attempt is refused even with the right password, and no session is given.
    const locked = await routes.post("/login", {
      email: user.email,
      password: TEST_PASSWORD,
      redirect: "",
    });
    expect(await refusalText(locked)).toBe(
      "試行回数が上限に達しました。15分ほど待ってから再度お試しください",
    );
    expect(locked.location).toBeNull();
    expect(locked.headers.get("Set-Cookie") ?? "").not.toContain("sid=");
  });

  it("the page a busy sign-in door sends to says to wait, in both languages", async () => {
    expect(pageData(await routes.get(SIGN_IN_BUSY_PAGE))).toMatchObject({ busy: true });
    expect(pageData(await routes.get("/login"))).toMatchObject({ busy: false });
    expect(ja.notices.signInBusy).toMatch(/数秒待って.*パスワードをお忘れの方/);
    expect(en.notices.signInBusy).toMatch(/wait a few seconds.*Forgot your password/);
  });

  it("the second-factor step without the password step goes back to login", async () => {
    expect((await routes.get("/login/mfa")).location).toBe("/login");
    expect(
      (await routes.get("/login/mfa", { cookies: { mfa_challenge: "made-up" } })).location,
    ).toBe("/login");
  });

  it("an admin's password alone leads to the second-factor step, keeping the way back", async () => {
    const admin = await createUser(t.db, { permission: "admin" });
    const answer = await routes.post("/login", {
      email: admin.email,
      password: TEST_PASSWORD,
      redirect: "/admin/customer",
    });
    expect(answer.location).toBe("/login/mfa?redirect=%2Fadmin%2Fcustomer");
    expect(answer.headers.get("Set-Cookie")).toContain("mfa_challenge=");
    expect(answer.headers.get("Set-Cookie") ?? "").not.toContain("sid=");
  });
});

describe("registration", () => {
  it("names every empty field and the agreement, in both languages", async () => {
    const answer = await routes.post("/register", {});
    expect(answer.status).toBe(400);
    const { fields } = formRefusal(answer);
    expect(Object.keys(fields).sort()).toEqual(
      ["agree", "email", "name", "nickname", "password", "passwordConfirm"].sort(),
    );
    expect(await refusalText(answer, "ja", { name: "name", label: "auth:fields.name" })).toBe(
      "氏名（半角英字）は必須です",
    );
    expect(await refusalText(answer, "ja", { name: "agree", label: "auth:fields.agree" })).toBe(
      "利用規約とプライバシーポリシーに同意してください",
    );
  });

  it("an address already registered is refused without a second account", async () => {
    const user = await createUser(t.db);
    const mail = new MailBox();
    const answer = await routes.post(
      "/register",
      {
        name: "Taro Yamada",
        nickname: "taro",
        email: user.email,
        password: TEST_PASSWORD,
        passwordConfirm: TEST_PASSWORD,
        agree: "on",
      },
      { mailer: mail },
    );
    const accounts = await t.db.kysely
      .selectFrom("users")
      .select("id")
      .where("email", "=", user.email)
      .execute();
    expect(accounts).toHaveLength(1);
    expect(answer.status).toBeLessThan(500);
  });
});

describe("mailed links", () => {
  it("a made-up or missing token is not a usable link", async () => {
    for (const path of [
      "/verify-email?token=not-a-real-token",
      "/verify-email",
      "/confirm-email-change?token=not-a-real-token",
      "/recover-email?token=not-a-real-token",
      "/reset-password",
      "/reset-password?token=not-a-real-token",
    ]) {
      const answer = await routes.get(path);
      expect(answer.status, path).toBe(200);
      expect(pageData(answer), path).toMatchObject({ valid: false });
    }
  });

  it("a reset with a made-up token changes no password", async () => {
    const answer = await routes.post("/reset-password?token=not-a-real-token", {
      password: "New-passw0rd-1",
      passwordConfirm: "New-passw0rd-1",
    });
    expect(answer.status).toBe(400);
    expect(formRefusal(answer).key).toBe("resetLinkInvalid");
  });
});
