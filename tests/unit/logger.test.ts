import { describe, expect, it } from "vitest";
import { createLogger, prettyAvailable, processLogger, redactUrl } from "#server/logger";

function capture() {
  const lines: string[] = [];
  const log = createLogger({
    level: "trace",
    destination: { write: (line: string) => void lines.push(line) },
  });
  return { log, lines, text: () => lines.join("") };
}

const SECRET = "s3cr3t-VALUE-must-not-leak";

describe("createLogger redaction", () => {
  it("writes JSON lines to the destination", () => {
    const { log, lines } = capture();
    log.info({ userId: "u1" }, "hello");
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0] ?? "") as Record<string, unknown>;
    expect(entry).toMatchObject({ msg: "hello", userId: "u1" });
  });

  const KEYS = ["password", "passwordHash", "token", "otpCode", "secret"] as const;

  it("keeps an error's diagnostic code (ER_DUP_ENTRY, ECONNREFUSED)", () => {
    const { log, text } = capture();
    const err = Object.assign(new Error("duplicate"), { code: "ER_DUP_ENTRY" });
    log.error({ err }, "insert failed");
    expect(text()).toContain("ER_DUP_ENTRY");
  });

  it.each(KEYS)("hides %s at the top level", (key) => {
    const { log, text } = capture();
    log.info({ [key]: SECRET, other: "visible" }, "top");
    expect(text()).not.toContain(SECRET);
    expect(text()).toContain("[Redacted]");
    expect(text()).toContain("visible");
  });

  it.each(KEYS)("hides %s one level deep", (key) => {
    const { log, text } = capture();
    log.info({ input: { [key]: SECRET, email: "a@example.test" } }, "one");
    expect(text()).not.toContain(SECRET);
    expect(text()).toContain("[Redacted]");
    expect(text()).toContain("a@example.test");
  });

  it.each(KEYS)("hides %s two levels deep", (key) => {
    const { log, text } = capture();
    log.info({ user: { credentials: { [key]: SECRET } } }, "two");
    expect(text()).not.toContain(SECRET);
    expect(text()).toContain("[Redacted]");
  });

  it("hides the secrets named in the brief's examples", () => {
    const { log, text } = capture();
    log.warn({ input: { password: `${SECRET}-1` } }, "login failed");
    log.warn({ user: { credentials: { token: `${SECRET}-2` } } }, "token refresh");
    expect(text()).not.toContain(SECRET);
    expect(text().match(/\[Redacted\]/g)).toHaveLength(2);
  });

  it("hides cookies and authorization headers of a request", () => {
    const { log, text } = capture();
    log.info(
      {
        req: {
          method: "GET",
          url: "/users",
          headers: {
            cookie: `sid=${SECRET}-cookie`,
            authorization: `Bearer ${SECRET}-auth`,
            "user-agent": "vitest-agent",
          },
        },
      },
      "request",
    );
    expect(text()).not.toContain(SECRET);
    expect(text().match(/\[Redacted\]/g)).toHaveLength(2);
    expect(text()).toContain("vitest-agent");
  });

  it("hides cookies set on a response", () => {
    const { log, text } = capture();
    log.info({ res: { headers: { "set-cookie": `sid=${SECRET}` } } }, "response");
    expect(text()).not.toContain(SECRET);
    expect(text()).toContain("[Redacted]");
  });

  it("keeps redacting in child loggers (the per-request logger)", () => {
    const { log, text } = capture();
    const child = log.child({ requestId: "r1" });
    child.error({ input: { password: SECRET }, token: SECRET }, "child");
    expect(text()).not.toContain(SECRET);
    expect(text()).toContain("r1");
  });

  it("does not change the object that was logged", () => {
    const { log } = capture();
    const input = { password: SECRET };
    log.info({ input }, "x");
    expect(input.password).toBe(SECRET);
  });
});

describe("redactUrl", () => {
  it("hides token, code and state values and keeps other parameters", () => {
    expect(redactUrl(`/verify?token=${SECRET}&lng=en`)).toBe("/verify?token=[Redacted]&lng=en");
    const oauth = redactUrl(`/line/callback?code=${SECRET}&state=${SECRET}x&friendship=true`);
    expect(oauth).not.toContain(SECRET);
    expect(oauth).toBe("/line/callback?code=[Redacted]&state=[Redacted]&friendship=true");
  });

  it("hides a secret that is not the first parameter or precedes a fragment", () => {
    expect(redactUrl(`/x?a=1&token=${SECRET}#top`)).toBe("/x?a=1&token=[Redacted]#top");
    expect(redactUrl(`https://h.test/r?TOKEN=${SECRET}`)).not.toContain(SECRET);
  });

  it("leaves URLs without secrets alone", () => {
    for (const url of ["/users", "/users/ranking?genre=cashback&scope=month", "/?utm_medium=cpc"]) {
      expect(redactUrl(url)).toBe(url);
    }
  });

  it("does not touch parameters whose name merely ends like a secret one", () => {
    expect(redactUrl("/x?postcode=1000001&mytoken=a")).toBe("/x?postcode=1000001&mytoken=a");
  });
});

describe("processLogger", () => {
  const sink = () => {
    const lines: string[] = [];
    return { lines, destination: { write: (line: string) => void lines.push(line) } };
  };

  it("writes JSON, saying why, when pretty lines are wanted but pino-pretty is absent", () => {
    for (const config of [
      { NODE_ENV: "development", LOG_LEVEL: "info", LOG_FORMAT: undefined },
      { NODE_ENV: "production", LOG_LEVEL: "info", LOG_FORMAT: "pretty" },
    ] as const) {
      const { lines, destination } = sink();
      const log = processLogger(config, { prettyInstalled: false, destination });
      log.info("started");
      expect(lines.map((l) => (JSON.parse(l) as { msg: string }).msg)).toEqual([
        "pino-pretty is not installed: logging JSON lines",
        "started",
      ]);
    }
  });

  it("writes JSON in production without a word about it", () => {
    const { lines, destination } = sink();
    processLogger(
      { NODE_ENV: "production", LOG_LEVEL: "info", LOG_FORMAT: undefined },
      { prettyInstalled: false, destination },
    ).info("started");
    expect(lines).toHaveLength(1);
  });

  it("finds pino-pretty where the dev dependencies are installed", () => {
    expect(prettyAvailable()).toBe(true);
  });
});
