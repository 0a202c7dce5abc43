import { describe, expect, it } from "vitest";
import { ConfigError, configWarnings, DEFAULT_FEATURES, parseConfig } from "#server/config";

/** The message of the ConfigError `parseConfig(env)` throws; fails the test when none is thrown. */
function configError(env: Record<string, string | undefined>): string {
  try {
    parseConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error(`expected parseConfig(${JSON.stringify(env)}) to throw a ConfigError`);
}

/** Production's other required choices, so a test about one is not refused for another. */
const PROD = {
  NODE_ENV: "production",
  APP_ORIGIN: "https://portal.example.jp",
  SMTP_URL: "smtp://mail.example.jp:587",
};

/** Values each variable refuses. */
const BAD_VALUES: [string, string][] = [
  ["PORT", "abc"],
  ["PORT", "70000"],
  ["PORT", "0"],
  ["DATABASE_URL", "postgres://x"],
  ["GTM_ID", "bad"],
  ["FEATURES", "nope=on"],
  ["FEATURES", "gacha=maybe"],
  ["FEATURES", "gacha"],
  ["NODE_ENV", "staging"],
  ["COOKIE_SECURE", "perhaps"],
];

describe("parseConfig", () => {
  it("applies the documented defaults to an empty environment", () => {
    const config = parseConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.NODE_ENV).toBe("development");
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.FEATURES).toEqual({
      walletBalance: true,
      summaryReport: true,
      gacha: true,
      cashbackMarathon: true,
      challengeMission: false,
      stores: false,
    });
  });

  it("does not let one parse change the defaults seen by the next", () => {
    const first = parseConfig({ FEATURES: "gacha=off" });
    expect(first.FEATURES.gacha).toBe(false);
    expect(DEFAULT_FEATURES.gacha).toBe(true);
    expect(parseConfig({}).FEATURES.gacha).toBe(true);
  });

  it("treats an empty variable as unset", () => {
    const config = parseConfig({ PORT: "", GTM_ID: "", DATABASE_URL: "", FEATURES: "" });
    expect(config.PORT).toBe(3000);
    expect(config.GTM_ID).toBeUndefined();
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.FEATURES).toEqual(DEFAULT_FEATURES);
  });

  it("parses a FEATURES list, keeping the defaults of unnamed flags", () => {
    const config = parseConfig({ FEATURES: "gacha=off,stores=on" });
    expect(config.FEATURES).toEqual({
      ...DEFAULT_FEATURES,
      gacha: false,
      stores: true,
    });
  });

  it("accepts valid values", () => {
    const config = parseConfig({
      PORT: "8080",
      DATABASE_URL: "mysql://u:p@db:3306/portal",
      GTM_ID: "GTM-ABC1234",
      META_PIXEL_ID: "1234567890",
    });
    expect(config.PORT).toBe(8080);
    expect(config.DATABASE_URL).toBe("mysql://u:p@db:3306/portal");
    expect(config.GTM_ID).toBe("GTM-ABC1234");
    expect(config.META_PIXEL_ID).toBe("1234567890");
  });

  it.each(BAD_VALUES)("rejects %s=%s with one line naming the variable", (name, value) => {
    const message = configError({ [name]: value });
    const lines = message.split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^Invalid configuration: ${name} \\S`));
  });

  it("reports every bad variable on its own line", () => {
    // One bad value of each variable at once (the table's last for each).
    const bad = Object.fromEntries(BAD_VALUES);
    const message = configError(bad);
    const lines = message.split("\n");
    expect(lines).toHaveLength(Object.keys(bad).length);
    for (const name of Object.keys(bad)) {
      expect(lines.filter((l) => l.startsWith(`Invalid configuration: ${name} `))).toHaveLength(1);
    }
    expect(message).not.toMatch(/\bat .+:\d+:\d+/); // no stack frames
  });

  it("makes cookies Secure by default only in production", () => {
    expect(parseConfig({ ...PROD, SQLITE_PATH: "x.sqlite" }).COOKIE_SECURE).toBe(true);
    expect(parseConfig({ NODE_ENV: "development" }).COOKIE_SECURE).toBe(false);
    expect(parseConfig({ NODE_ENV: "test" }).COOKIE_SECURE).toBe(false);
    expect(parseConfig({}).COOKIE_SECURE).toBe(false);
  });

  it("lets COOKIE_SECURE override the default either way", () => {
    expect(
      parseConfig({ ...PROD, SQLITE_PATH: "x.sqlite", COOKIE_SECURE: "false" }).COOKIE_SECURE,
    ).toBe(false);
    expect(parseConfig({ NODE_ENV: "development", COOKIE_SECURE: "true" }).COOKIE_SECURE).toBe(
      true,
    );
  });

  it("refuses production without a database chosen, naming DATABASE_URL", () => {
    for (const env of [PROD, { ...PROD, DATABASE_URL: "" }]) {
      const message = configError(env);
      expect(message).toMatch(/^Invalid configuration: DATABASE_URL is not set/);
      expect(message).toContain("SQLITE_PATH");
    }
    // A misspelled name is no choice either.
    expect(configError({ ...PROD, DATABSE_URL: "mysql://x/y" })).toContain("DATABASE_URL");
  });

  it("takes the embedded SQLite in production only when chosen by name", () => {
    const byPath = parseConfig({ ...PROD, SQLITE_PATH: "data/p.sqlite" });
    expect([byPath.DATABASE_URL, byPath.SQLITE_PATH]).toEqual([undefined, "data/p.sqlite"]);
    const byUrl = parseConfig({ ...PROD, DATABASE_URL: "sqlite:data/q.sqlite" });
    expect([byUrl.DATABASE_URL, byUrl.SQLITE_PATH]).toEqual([undefined, "data/q.sqlite"]);
    expect(parseConfig({ DATABASE_URL: "sqlite:///var/lib/p.sqlite" }).SQLITE_PATH).toBe(
      "/var/lib/p.sqlite",
    );
    expect(parseConfig({ ...PROD, DATABASE_URL: "mysql://u@h/db" }).DATABASE_URL).toBe(
      "mysql://u@h/db",
    );
    // Outside production the default file is still the default.
    expect(parseConfig({}).SQLITE_PATH).toBe("data/portal.sqlite");
    expect(configError({ DATABASE_URL: "sqlite:" })).toContain("DATABASE_URL");
  });

  it("refuses production without APP_ORIGIN, naming it", () => {
    const message = configError({ ...PROD, APP_ORIGIN: "", SQLITE_PATH: "p.sqlite" });
    expect(message.split("\n")).toEqual([
      expect.stringMatching(/^Invalid configuration: APP_ORIGIN is not set; in production set it/),
    ]);
    // Outside production the dev server's address is still the default.
    expect(parseConfig({}).APP_ORIGIN).toBe("http://localhost:3000");
    expect(parseConfig({ ...PROD, SQLITE_PATH: "p.sqlite" }).APP_ORIGIN).toBe(
      "https://portal.example.jp",
    );
  });

  it("refuses production without a mail transport, naming SMTP_URL and MAIL_TRANSPORT", () => {
    const message = configError({ ...PROD, SMTP_URL: "", SQLITE_PATH: "p.sqlite" });
    expect(message.split("\n")).toHaveLength(1);
    expect(message).toMatch(/^Invalid configuration: SMTP_URL is not set; .*MAIL_TRANSPORT=file/);
  });

  it("takes mail files in production only by name, and warns about them", () => {
    const files = parseConfig({
      ...PROD,
      SMTP_URL: undefined,
      MAIL_TRANSPORT: "file",
      SQLITE_PATH: "p.sqlite",
    });
    expect(files.MAIL_TRANSPORT).toBe("file");
    expect(configWarnings(files)).toEqual([
      expect.stringMatching(/^MAIL_TRANSPORT is "file": no mail leaves this machine/),
    ]);
    const smtp = parseConfig({ ...PROD, SQLITE_PATH: "p.sqlite" });
    expect(smtp.MAIL_TRANSPORT).toBe("smtp");
    expect(configWarnings(smtp)).toEqual([]);
    // Outside production mail files stay the default, without a warning.
    expect(parseConfig({}).MAIL_TRANSPORT).toBe("file");
    expect(configWarnings(parseConfig({}))).toEqual([]);
  });

  it("refuses a mail transport that contradicts SMTP_URL", () => {
    expect(configError({ MAIL_TRANSPORT: "smtp" })).toMatch(
      /^Invalid configuration: SMTP_URL is not set but MAIL_TRANSPORT is "smtp"$/,
    );
    expect(configError({ MAIL_TRANSPORT: "file", SMTP_URL: "smtp://h:25" })).toMatch(
      /^Invalid configuration: MAIL_TRANSPORT is "file" but SMTP_URL is set/,
    );
    expect(configError({ MAIL_TRANSPORT: "pigeon" })).toMatch(
      /^Invalid configuration: MAIL_TRANSPORT /,
    );
  });

  it("says every problem of a production start at once, one line each", () => {
    const message = configError({ NODE_ENV: "production", PORT: "abc" });
    const lines = message.split("\n");
    expect(lines.map((l) => /^Invalid configuration: (\w+) /.exec(l)?.[1])).toEqual([
      "PORT",
      "DATABASE_URL",
      "APP_ORIGIN",
      "SMTP_URL",
    ]);
  });

  it("does not ask the CLI's database commands for APP_ORIGIN or mail", () => {
    const cli = parseConfig(
      { NODE_ENV: "production", SQLITE_PATH: "p.sqlite" },
      { serving: false },
    );
    expect(cli.SQLITE_PATH).toBe("p.sqlite");
    // The database is still chosen by name.
    expect(() => parseConfig({ NODE_ENV: "production" }, { serving: false })).toThrow(
      /DATABASE_URL is not set/,
    );
  });
});
