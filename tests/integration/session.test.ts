import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "#server/auth/password";
import {
  createSession,
  deleteSession,
  deleteUserSessions,
  findSession,
  hashToken,
  lookUpSession,
  readCookie,
  SESSION_TTL_MS,
} from "#server/auth/session";
import { toDbTime } from "#db/time";
import { parseConfig } from "#server/config";
import { sessionRules } from "#server/trpc/context";
import { testEngine } from "../helpers/db";
import { fileDatabase } from "../helpers/file-db";
import { createUser } from "../helpers/fixtures";

const t = fileDatabase();

async function sessionRows(userId: string) {
  return t.db.kysely.selectFrom("sessions").selectAll().where("user_id", "=", userId).execute();
}

describe(`sessions on ${testEngine}`, () => {
  it("stores only the sha256 of the token", async () => {
    const user = await createUser(t.db);
    const { token, expiresAt } = await createSession(t.db, user.id, {
      ip: "203.0.113.7",
      userAgent: "vitest-agent",
    });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await sessionRows(user.id);
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row.id).toBe(hashToken(token));
    expect(row.id).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row).toMatchObject({ ip: "203.0.113.7", user_agent: "vitest-agent" });
    // Expiry is about two weeks out, stored as the UTC text of the returned date.
    expect(row.expires_at).toBe(toDbTime(expiresAt));
    expect(expiresAt.getTime() - Date.now()).toBeGreaterThan(SESSION_TTL_MS - 60_000);
    expect(expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(SESSION_TTL_MS);
  });

  it("stores nothing from which the token can be read back", async () => {
    const user = await createUser(t.db);
    const { token } = await createSession(t.db, user.id);
    const all = await t.db.kysely.selectFrom("sessions").selectAll().execute();
    expect(JSON.stringify(all)).not.toContain(token);
    // The stored id alone is not a working token.
    const row = (await sessionRows(user.id))[0]!;
    expect(await findSession(t.db, row.id)).toBeNull();
  });

  it("finds the user of a valid token", async () => {
    const user = await createUser(t.db, { nickname: "finder", name: "Find Me" });
    const { token } = await createSession(t.db, user.id);
    const session = await findSession(t.db, token);
    expect(session).not.toBeNull();
    expect(session!.sessionId).toBe(hashToken(token));
    expect(session!.user).toEqual({
      id: user.id,
      email: user.email,
      name: "Find Me",
      nickname: "finder",
      permission: "member",
      language: "ja",
      emailVerified: true,
    });
  });

  it("reports an unverified email and an admin's permission", async () => {
    const user = await createUser(t.db, { verified: false, permission: "admin" });
    const { token } = await createSession(t.db, user.id);
    const session = await findSession(t.db, token);
    expect(session?.user).toMatchObject({ emailVerified: false, permission: "admin" });
  });

  it("gives each session its own token", async () => {
    const user = await createUser(t.db);
    const a = await createSession(t.db, user.id);
    const b = await createSession(t.db, user.id);
    expect(a.token).not.toBe(b.token);
    expect((await findSession(t.db, a.token))?.user.id).toBe(user.id);
    expect((await findSession(t.db, b.token))?.user.id).toBe(user.id);
  });

  it("returns null for an unknown token", async () => {
    expect(await findSession(t.db, "A".repeat(43))).toBeNull();
  });

  it("says a session that is no longer there has ended, so login can bring the member back", async () => {
    const user = await createUser(t.db);
    const { token } = await createSession(t.db, user.id);
    // Ended by an earlier request's idle check, or signed out elsewhere: the row is gone.
    await deleteUserSessions(t.db, user.id);
    expect(await lookUpSession(t.db, token)).toEqual({ session: null, ended: "expired" });
    // A cookie that was never one of our tokens is just a visitor.
    expect(await lookUpSession(t.db, "short")).toEqual({ session: null, ended: null });
  });

  it("returns null for malformed tokens without touching the database", async () => {
    const user = await createUser(t.db);
    const { token } = await createSession(t.db, user.id);
    for (const bad of [
      "",
      "short",
      token + "x",
      token.slice(1),
      token.slice(0, 42) + "!",
      `${token.slice(0, 40)}' --`,
      "A".repeat(1000),
    ]) {
      expect(await findSession(t.db, bad)).toBeNull();
    }
  });

  it("returns null for an expired session", async () => {
    const user = await createUser(t.db);
    const { token } = await createSession(t.db, user.id);
    await t.db.kysely
      .updateTable("sessions")
      .set({ expires_at: toDbTime(new Date(Date.now() - 1000)) })
      .where("id", "=", hashToken(token))
      .execute();
    expect(await findSession(t.db, token)).toBeNull();
  });

  it("refreshes last_seen_at only after a while, so reads stay reads", async () => {
    const user = await createUser(t.db);
    const { token } = await createSession(t.db, user.id);
    const id = hashToken(token);
    const before = (await sessionRows(user.id))[0]!.last_seen_at;
    await findSession(t.db, token);
    expect((await sessionRows(user.id))[0]!.last_seen_at).toBe(before);

    const old = toDbTime(new Date(Date.now() - 60 * 60 * 1000));
    await t.db.kysely
      .updateTable("sessions")
      .set({ last_seen_at: old })
      .where("id", "=", id)
      .execute();
    expect(await findSession(t.db, token)).not.toBeNull();
    const after = (await sessionRows(user.id))[0]!.last_seen_at;
    expect(after > old).toBe(true);
  });

  it("ends an admin's session after 30 idle minutes and a member's after 24 hours", async () => {
    const admin = await createUser(t.db, { permission: "admin" });
    const member = await createUser(t.db);
    const adminToken = (await createSession(t.db, admin.id)).token;
    const memberToken = (await createSession(t.db, member.id)).token;
    const at = (minutes: number) => ({ now: new Date(Date.now() + minutes * 60_000) });

    // Use within the limit keeps a session alive, measured from the last use.
    expect(await findSession(t.db, adminToken, at(25))).not.toBeNull();
    expect(await findSession(t.db, adminToken, at(50))).not.toBeNull();
    const idle = await lookUpSession(t.db, adminToken, at(50 + 31));
    expect(idle).toEqual({ session: null, ended: "idle" });
    // An idle session is gone for good, whatever comes later.
    expect(await sessionRows(admin.id)).toHaveLength(0);

    // 31 idle minutes are nothing for a member; 25 idle hours are.
    expect(await findSession(t.db, memberToken, at(31))).not.toBeNull();
    expect(await lookUpSession(t.db, memberToken, at(31 + 25 * 60))).toEqual({
      session: null,
      ended: "idle",
    });
  });

  it("ends a session at its absolute lifetime, however active", async () => {
    const member = await createUser(t.db);
    const { token } = await createSession(t.db, member.id);
    const rules = { lifetimeMs: 2 * 24 * 60 * 60_000 };
    const day = (n: number) => new Date(Date.now() + n * 24 * 60 * 60_000);
    // Used every twelve hours: never idle.
    for (const n of [0.5, 1, 1.5, 1.9]) {
      expect(await findSession(t.db, token, { ...rules, now: day(n) })).not.toBeNull();
    }
    expect(await lookUpSession(t.db, token, { ...rules, now: day(2.01) })).toEqual({
      session: null,
      ended: "expired",
    });
  });

  it("the configured limits are read from the environment", () => {
    const rules = sessionRules(
      parseConfig({
        SESSION_IDLE_MINUTES_ADMIN: "15",
        SESSION_IDLE_MINUTES_MEMBER: "120",
        SESSION_LIFETIME_DAYS: "7",
      }),
    );
    expect(rules).toEqual({
      idle: { adminMs: 15 * 60_000, memberMs: 120 * 60_000 },
      lifetimeMs: 7 * 24 * 60 * 60_000,
    });
    expect(sessionRules(parseConfig({})).idle).toEqual({
      adminMs: 30 * 60_000,
      memberMs: 24 * 60 * 60_000,
    });
  });

  it("deleteSession ends that session only", async () => {
    const user = await createUser(t.db);
    const a = await createSession(t.db, user.id);
    const b = await createSession(t.db, user.id);
    await deleteSession(t.db, hashToken(a.token));
    expect(await findSession(t.db, a.token)).toBeNull();
    expect(await findSession(t.db, b.token)).not.toBeNull();
  });

  it("deleteUserSessions ends every session of that user and nobody else's", async () => {
    const user = await createUser(t.db);
    const other = await createUser(t.db);
    const a = await createSession(t.db, user.id);
    const b = await createSession(t.db, user.id);
    const c = await createSession(t.db, other.id);
    await deleteUserSessions(t.db, user.id);
    expect(await findSession(t.db, a.token)).toBeNull();
    expect(await findSession(t.db, b.token)).toBeNull();
    expect(await sessionRows(user.id)).toHaveLength(0);
    expect((await findSession(t.db, c.token))?.user.id).toBe(other.id);
  });

  it("ends a user's sessions when the user is deleted (foreign key cascade)", async () => {
    const user = await createUser(t.db);
    const { token } = await createSession(t.db, user.id);
    await t.db.kysely.deleteFrom("users").where("id", "=", user.id).execute();
    expect(await findSession(t.db, token)).toBeNull();
    expect(await sessionRows(user.id)).toHaveLength(0);
  });

  it("truncates an over-long user agent instead of failing", async () => {
    const user = await createUser(t.db);
    const { token } = await createSession(t.db, user.id, { userAgent: "x".repeat(1000) });
    expect(await findSession(t.db, token)).not.toBeNull();
    expect((await sessionRows(user.id))[0]!.user_agent).toHaveLength(255);
  });
});

describe("readCookie", () => {
  it("reads one cookie from a header", () => {
    expect(readCookie("sid=abc; theme=dark", "sid")).toBe("abc");
    expect(readCookie("theme=dark;sid=abc", "sid")).toBe("abc");
    expect(readCookie("xsid=abc", "sid")).toBeNull();
    expect(readCookie("", "sid")).toBeNull();
    expect(readCookie(null, "sid")).toBeNull();
    expect(readCookie("sid=%E0%A4%A", "sid")).toBeNull();
  });
});

describe("passwords", () => {
  it("verifies the right password and rejects a wrong one", async () => {
    const hash = await hashPassword("correct horse battery staple");
    expect(hash).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[A-Za-z0-9_-]+\$[A-Za-z0-9_-]+$/);
    expect(hash).not.toContain("correct horse");
    expect(await verifyPassword("correct horse battery staple", hash)).toBe(true);
    expect(await verifyPassword("correct horse battery stapl", hash)).toBe(false);
    expect(await verifyPassword("Correct horse battery staple", hash)).toBe(false);
    expect(await verifyPassword("", hash)).toBe(false);
  });

  it("salts every hash", async () => {
    const a = await hashPassword("same password");
    const b = await hashPassword("same password");
    expect(a).not.toBe(b);
    expect(await verifyPassword("same password", a)).toBe(true);
    expect(await verifyPassword("same password", b)).toBe(true);
  });

  it("rejects a tampered or malformed hash string", async () => {
    const hash = await hashPassword("pw-123456");
    const parts = hash.split("$");
    const flip = (s: string) => (s[0] === "A" ? "B" : "A") + s.slice(1);
    const tampered = [
      [parts[0], parts[1], parts[2], parts[3], parts[4], flip(parts[5]!)].join("$"), // hash
      [parts[0], parts[1], parts[2], parts[3], flip(parts[4]!), parts[5]].join("$"), // salt
      [parts[0], String(Number(parts[1]) * 2), parts[2], parts[3], parts[4], parts[5]].join("$"),
      ["bcrypt", ...parts.slice(1)].join("$"),
      parts.slice(0, 5).join("$"),
      hash + "$extra",
      "",
      "scrypt$$$$$",
      "plain-text-password",
      // Parameters hashPassword never writes: not numbers, absurd memory, not a power of two.
      [parts[0], "abc", parts[2], parts[3], parts[4], parts[5]].join("$"),
      [parts[0], String(2 ** 30), parts[2], parts[3], parts[4], parts[5]].join("$"),
      [parts[0], "1000", parts[2], parts[3], parts[4], parts[5]].join("$"),
      [parts[0], parts[1], "0", parts[3], parts[4], parts[5]].join("$"),
      [parts[0], parts[1], parts[2], "-1", parts[4], parts[5]].join("$"),
    ];
    for (const bad of tampered) {
      expect(await verifyPassword("pw-123456", bad), bad).toBe(false);
    }
  });

  it("rejects a hash whose key was shortened", async () => {
    const hash = await hashPassword("pw-123456");
    const parts = hash.split("$");
    const shortKey = Buffer.from(parts[5]!, "base64url").subarray(0, 8).toString("base64url");
    const forged = [...parts.slice(0, 5), shortKey].join("$");
    expect(await verifyPassword("pw-123456", forged)).toBe(false);
    expect(await verifyPassword("pw-123456", [...parts.slice(0, 5), ""].join("$"))).toBe(false);
  });

  it("normalizes unicode (NFKC), so the same password typed differently still matches", async () => {
    // Full-width letters and a decomposed accent are NFKC-equal to their plain forms.
    const hash = await hashPassword("ｐａｓｓｗｏｒｄ-café");
    expect(await verifyPassword("password-café", hash)).toBe(true);
    expect(await verifyPassword("password-cafe\u0301", hash)).toBe(true);
    expect(await verifyPassword("password-cafe", hash)).toBe(false);
    const japanese = await hashPassword("ﾊﾟｽﾜｰﾄﾞ");
    expect(await verifyPassword("パスワード", japanese)).toBe(true);
    expect(await verifyPassword("パスワート", japanese)).toBe(false);
  });

  it("verifies a hash made with the production parameters", async () => {
    // The format records N, so a production hash verifies under test settings and vice versa.
    const prod = await (async () => {
      const previous = process.env.NODE_ENV;
      process.env.NODE_ENV = "production";
      try {
        return await hashPassword("prod-pw");
      } finally {
        process.env.NODE_ENV = previous;
      }
    })();
    expect(prod.split("$")[1]).toBe(String(2 ** 17));
    expect(await verifyPassword("prod-pw", prod)).toBe(true);
    expect(await verifyPassword("prod-pw!", prod)).toBe(false);
  });
});
