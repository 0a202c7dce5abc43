import { describe, expect, it } from "vitest";
import { createBot } from "../../bot/worker";
import { parseConfig } from "../../server/config";
import { VERSION } from "../../server/version";
import { testEngine } from "../helpers/db";
import { fileDatabase } from "../helpers/file-db";
import { silentLog } from "../helpers/fixtures";
import { listen } from "../helpers/http";

const t = fileDatabase();

describe(`the LINE worker's release on ${testEngine}`, () => {
  it("is in its /healthz, as in the web process's", async () => {
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
