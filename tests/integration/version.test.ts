import { execFileSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createBot } from "#bot/worker";
import { parseConfig } from "#server/config";
import { VERSION } from "#server/version";
import { testEngine } from "../helpers/db";
import { fileDatabase } from "../helpers/file-db";
import { silentLog } from "../helpers/fixtures";
import { listen } from "../helpers/http";

const t = fileDatabase();

const ROOT = path.resolve(import.meta.dirname, "../..");

describe(`the release on ${testEngine}`, () => {
  it("is what cli.js --version prints, before it reads any setting", () => {
    const out = execFileSync(process.execPath, ["--import", "tsx", "tools/cli.ts", "--version"], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: "not a url" },
      encoding: "utf8",
    });
    expect(out).toBe(`${VERSION}\n`);
  });

  it("is in the LINE worker's /healthz, as in the web process's", async () => {
    const bot = createBot(parseConfig({ NODE_ENV: "test" }), silentLog, t.db);
    const running = await listen(bot.server);
    try {
      const res = await fetch(`${running.url}/healthz`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: "ok", version: VERSION });
    } finally {
      await running.close();
    }
  });
});
