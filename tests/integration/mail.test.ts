import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "#server/config";
import { createLogger } from "#server/logger";
import { createMailer } from "#server/mail";
import { createTestDb, type TestDb, rowWhere } from "../helpers/db";
import { callerFor, silentLog, testConfig } from "../helpers/fixtures";
import { linkIn, type SmtpSink, startSmtpSink } from "../helpers/smtp";

let t: TestDb;
let sink: SmtpSink;
beforeAll(async () => {
  t = await createTestDb();
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink.close();
  await t.cleanup();
});

describe("mail over real SMTP", () => {
  it("registration sends a verification mail in the member's language whose link verifies", async () => {
    const config = parseConfig({ NODE_ENV: "test", SMTP_URL: sink.url });
    const mailer = createMailer(config, silentLog);
    const before = sink.messages.length;

    const ja = await callerFor(t.db, undefined, { mailer });
    await ja.auth.register({
      name: "Ken Ito",
      nickname: "ken",
      email: "ken@example.test",
      password: "Kx7-mUq2-wpLr",
      passwordConfirm: "Kx7-mUq2-wpLr",
      agree: true,
    });
    const mail = await sink.waitFor(before + 1);
    expect(mail.subject).toBe("【CBポータル】メールアドレスの確認");
    // The address is not proven yet: the greeting carries no member-written name.
    expect(mail.text).toContain("CBポータルをご利用のお客様");
    expect(mail.text).not.toContain("ken 様");
    const link = linkIn(mail);
    // Links are built on the portal's own origin (APP_ORIGIN).
    expect(link.origin + link.pathname).toBe(`${testConfig.APP_ORIGIN}/verify-email`);

    await (await callerFor(t.db)).auth.verifyEmail({ token: link.searchParams.get("token")! });
    const row = await rowWhere(t.db, "users", "email", "ken@example.test");
    expect(row.email_verified_at).not.toBeNull();
  });

  it("writes English mail for an English member", async () => {
    const config = parseConfig({ NODE_ENV: "test", SMTP_URL: sink.url });
    const mailer = createMailer(config, silentLog);
    const before = sink.messages.length;
    await mailer.send({
      to: "en@example.test",
      language: "en",
      template: "resetPassword",
      params: { name: "Ann", link: "http://x/reset-password?token=abc" },
    });
    const mail = await sink.waitFor(before + 1);
    expect(mail.subject).toBe("[CB Portal] Reset your password");
    expect(mail.text).toContain("Dear Ann,");
  });
});

describe("mail without SMTP", () => {
  it("writes the mail to a file and logs its path, never the link", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "portal-mail-"));
    const lines: string[] = [];
    const log = createLogger({
      destination: new Writable({
        write(chunk, _enc, cb) {
          lines.push(String(chunk));
          cb();
        },
      }),
    });
    try {
      const mailer = createMailer(parseConfig({ NODE_ENV: "test", MAIL_DIR: dir }), log);
      const secret = "SECRET-TOKEN-VALUE";
      await mailer.send({
        to: "a@example.test",
        language: "ja",
        template: "verifyEmail",
        params: { name: "A", link: `http://x/verify-email?token=${secret}` },
      });
      const files = readdirSync(dir);
      expect(files).toHaveLength(1);
      expect(readFileSync(path.join(dir, files[0]!), "utf8")).toContain(secret);
      const output = lines.join("");
      expect(output).toContain(files[0]!);
      expect(output).not.toContain(secret);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
