import type { DestinationStream } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { type Bot, createBot } from "#bot/worker";
import { parseConfig } from "#server/config";
import { createLogger } from "#server/logger";
import {
  RICH_MENU_PREFIX,
  RICH_MENU_SIZE,
  richMenuDefinition,
  richMenuImage,
} from "#server/line/rich-menu";
import { testEngine } from "../helpers/db";
import { fileDatabase, fileLineStandin } from "../helpers/file-db";
import { listen } from "../helpers/http";

const t = fileDatabase();
const standin = fileLineStandin();
const LIFF_ID = `${standin.options.loginChannelId}-AbcdEfgh`;

/** The worker's log lines, as JSON objects, for the tests that read what it said. */
function capturedLog() {
  const lines: { level: number; msg: string; [k: string]: unknown }[] = [];
  const destination: DestinationStream = {
    write: (line: string) => void lines.push(JSON.parse(line) as (typeof lines)[number]),
  };
  return { log: createLogger({ level: "info", destination }), lines };
}

const running: Bot[] = [];
afterEach(async () => {
  for (const bot of running.splice(0)) await bot.stop();
});

function config(env: Record<string, string> = {}) {
  return parseConfig({
    NODE_ENV: "test",
    APP_ORIGIN: "https://portal.example",
    LINE_CHANNEL_SECRET: "0123456789abcdef0123456789abcdef",
    LINE_CHANNEL_ACCESS_TOKEN: standin.options.channelAccessToken,
    LINE_LOGIN_CHANNEL_ID: standin.options.loginChannelId,
    LINE_LOGIN_CHANNEL_SECRET: standin.options.loginChannelSecret,
    LIFF_ID,
    LINE_API_BASE_URL: standin.url,
    LINE_API_DATA_BASE_URL: standin.url,
    LINE_HTTP_TIMEOUT_MS: "10000",
    BOT_BACKOFF_BASE_MS: "20",
    BOT_BACKOFF_MAX_MS: "100",
    ...env,
  });
}

/** A worker process's start, as bot/main.ts does it (the HTTP server aside). */
function start(env: Record<string, string> = {}, log = capturedLog().log) {
  const bot = createBot(config(env), log, t.db);
  running.push(bot);
  bot.start();
  return bot;
}

const writes = () =>
  standin.richMenus.writes.map(
    (r) => `${r.method} ${r.path.replace(/richmenu-[0-9a-f]+/, "{id}")}`,
  );

describe(`the rich menu installed by the worker on ${testEngine}`, () => {
  it("is created, given its image and made the default at the first start", async () => {
    await start().richMenuInstalled();
    const menus = [...standin.richMenus.menus.values()];
    expect(menus).toHaveLength(1);
    const menu = menus[0]!;
    expect(standin.richMenus.defaultId).toBe(menu.richMenuId);
    expect(menu.image?.equals(richMenuImage())).toBe(true);
    expect(menu.request).toMatchObject({ size: RICH_MENU_SIZE, chatBarText: "メニュー" });
    expect(String(menu.request.name)).toMatch(new RegExp(`^${RICH_MENU_PREFIX} [0-9a-f]{16}$`));
    const areas = menu.request.areas as { action: { uri: string; label: string } }[];
    expect(areas.map((a) => a.action.uri)).toEqual(
      ["dashboard", "statement", "withdraw", "cashback", "chat"].map(
        (p) => `https://liff.line.me/${LIFF_ID}/${p}`,
      ),
    );
    expect(areas.map((a) => a.action.label)).toEqual([
      "ダッシュボード",
      "取引明細",
      "出金",
      "キャッシュバック",
      "メッセージ",
    ]);
    expect(writes()).toEqual([
      "POST /v2/bot/richmenu",
      "POST /v2/bot/richmenu/{id}/content",
      "POST /v2/bot/user/all/richmenu/{id}",
    ]);
  });

  it("changes nothing at a restart with the same menu", async () => {
    const first = start();
    await first.richMenuInstalled();
    await first.stop();
    const before = standin.richMenus.writes.length;
    const { log, lines } = capturedLog();
    await start({}, log).richMenuInstalled();
    expect(standin.richMenus.writes.length).toBe(before);
    expect(standin.richMenus.menus.size).toBe(1);
    expect(lines.find((l) => l.msg === "rich menu in place")).toMatchObject({ action: "kept" });
  });

  it("replaces a changed menu and deletes the old one, leaving an operator's own menu alone", async () => {
    const first = start();
    await first.richMenuInstalled();
    await first.stop();
    const old = standin.richMenus.defaultId!;
    standin.richMenus.menus.set("richmenu-operator", {
      richMenuId: "richmenu-operator",
      request: { name: "campaign menu", size: RICH_MENU_SIZE },
      image: null,
    });
    // Another LIFF app: every area's URL changes, so the definition does.
    await start({ LIFF_ID: `${standin.options.loginChannelId}-Zyxw9876` }).richMenuInstalled();
    const now = standin.richMenus.defaultId!;
    expect(now).not.toBe(old);
    expect(standin.richMenus.menus.has(old)).toBe(false);
    expect([...standin.richMenus.menus.keys()].sort()).toEqual([now, "richmenu-operator"].sort());
    expect(String(standin.richMenus.menus.get(now)!.request.name)).toBe(
      richMenuDefinition(`${standin.options.loginChannelId}-Zyxw9876`, richMenuImage()).name,
    );
  });

  it("tries again after LINE's errors, says so in the log, and keeps serving meanwhile", async () => {
    standin.richMenus.scriptStatuses(
      { status: 500, on: "GET /v2/bot/richmenu/list" },
      { status: 429, on: "POST /v2/bot/richmenu" },
      // The image fails: the menu without it is deleted, not left behind.
      { status: 503, on: "/content" },
    );
    const { log, lines } = capturedLog();
    const bot = start({}, log);
    const server = await listen(bot.server);
    try {
      const health = await fetch(`${server.url}/healthz`);
      expect(health.status).toBe(200);
      await bot.richMenuInstalled();
    } finally {
      await server.close();
    }
    const failures = lines.filter((l) => l.msg === "installing the rich menu failed");
    expect(failures.map((l) => l.attempt)).toEqual([1, 2, 3]);
    expect(failures.every((l) => l.level === 50 && typeof l.retryInMs === "number")).toBe(true);
    expect(standin.richMenus.menus.size).toBe(1);
    expect(standin.richMenus.defaultId).toBe([...standin.richMenus.menus.keys()][0]);
  });

  it("gives a half-made menu of the same definition up and makes a complete one", async () => {
    const menu = richMenuDefinition(LIFF_ID, richMenuImage());
    standin.richMenus.menus.set("richmenu-halfmade", {
      richMenuId: "richmenu-halfmade",
      request: menu.request as Record<string, unknown>,
      image: null,
    });
    await start().richMenuInstalled();
    expect(standin.richMenus.menus.has("richmenu-halfmade")).toBe(false);
    expect(standin.richMenus.menus.size).toBe(1);
    expect([...standin.richMenus.menus.values()][0]!.image).not.toBeNull();
  });

  it("installs nothing without a LIFF app or without the access token", async () => {
    await start({ LIFF_ID: "" }).richMenuInstalled();
    await start({ LINE_CHANNEL_ACCESS_TOKEN: "", LINE_CHANNEL_SECRET: "" }).richMenuInstalled();
    expect(standin.richMenus.requests).toEqual([]);
  });
});
