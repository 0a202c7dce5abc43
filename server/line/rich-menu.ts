import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { HTTPFetchError, messagingApi } from "@line/bot-sdk";
import { LIFF_PAGE_NAMES, type LiffPage, liffUrl } from "../domain/liff";
import type { Logger } from "../logger";
import { withTimeout } from "./messaging";

/**
 * The official account's rich menu: five areas (dashboard, statement, withdraw, cashback,
 * chat) that open the portal's pages in LIFF. The worker installs it at start through the
 * Messaging API (create, upload the image to the content host, set as the default for every
 * user). LINE itself is the record: the menu's name carries a hash of its definition and
 * image, so a restart finds it and does nothing, and a changed menu gets a new name, replaces
 * the old one as the default and the old one is deleted. Menus not named by this code (an
 * operator's own) are never touched.
 */

/** Every menu this code makes is named "<prefix> <hash>". */
export const RICH_MENU_PREFIX = "portal-menu";

/** LINE's larger rich menu size; the image must be exactly this (PNG, at most 1 MB). */
export const RICH_MENU_SIZE = { width: 2500, height: 1686 } as const;
export const RICH_MENU_MAX_BYTES = 1024 * 1024;

/** Japanese labels: also the uri actions' labels (LINE reads them out for accessibility). */
export const RICH_MENU_LABELS: Record<LiffPage, string> = {
  dashboard: "ダッシュボード",
  statement: "取引明細",
  withdraw: "出金",
  cashback: "キャッシュバック",
  chat: "メッセージ",
};

/** Three areas on the top row, two on the bottom, in LIFF_PAGE_NAMES order. */
export function richMenuAreas(): {
  page: LiffPage;
  x: number;
  y: number;
  width: number;
  height: number;
}[] {
  const { width, height } = RICH_MENU_SIZE;
  const rowHeight = height / 2;
  const top = [0, 833, 1666, width];
  const bottom = [0, 1250, width];
  return LIFF_PAGE_NAMES.map((page, i) => {
    const row = i < 3 ? top : bottom;
    const column = i < 3 ? i : i - 3;
    return {
      page,
      x: row[column]!,
      y: i < 3 ? 0 : rowHeight,
      width: row[column + 1]! - row[column]!,
      height: rowHeight,
    };
  });
}

/**
 * The image, committed beside this file (scripts/rich-menu-image.ts draws it) and copied to
 * build/line by the server build. The same relative path finds it from server/line/ (sources)
 * and from build/server/ (the bundle).
 */
export function richMenuImage(): Buffer {
  return readFileSync(new URL("../line/rich-menu.png", import.meta.url));
}

export interface RichMenuDefinition {
  name: string;
  request: messagingApi.RichMenuRequest;
  image: Buffer;
}

export function richMenuDefinition(liffId: string, image: Buffer): RichMenuDefinition {
  const body: messagingApi.RichMenuRequest = {
    size: { ...RICH_MENU_SIZE },
    selected: false,
    chatBarText: "メニュー",
    areas: richMenuAreas().map(({ page, x, y, width, height }) => ({
      bounds: { x, y, width, height },
      action: { type: "uri", label: RICH_MENU_LABELS[page], uri: liffUrl(liffId, page) },
    })),
  };
  const hash = createHash("sha256")
    .update(JSON.stringify(body))
    .update(image)
    .digest("hex")
    .slice(0, 16);
  const name = `${RICH_MENU_PREFIX} ${hash}`;
  return { name, request: { ...body, name }, image };
}

/** The Messaging API's rich menu calls, each within the time limit. */
export interface RichMenuApi {
  list(): Promise<{ richMenuId: string; name: string }[]>;
  /** The default menu's id, or null when none is set (LINE answers 404). */
  defaultId(): Promise<string | null>;
  create(request: messagingApi.RichMenuRequest): Promise<string>;
  upload(richMenuId: string, png: Buffer): Promise<void>;
  setDefault(richMenuId: string): Promise<void>;
  /** Deletes a menu; one already gone (404) counts as deleted. */
  remove(richMenuId: string): Promise<void>;
}

export interface RichMenuSettings {
  channelAccessToken: string;
  apiBaseUrl: string;
  dataBaseUrl: string;
  timeoutMs: number;
}

const status = (error: unknown) => (error instanceof HTTPFetchError ? error.status : null);

export function richMenuApi(settings: RichMenuSettings): RichMenuApi {
  const client = new messagingApi.MessagingApiClient({
    channelAccessToken: settings.channelAccessToken,
    baseURL: settings.apiBaseUrl,
  });
  const blobs = new messagingApi.MessagingApiBlobClient({
    channelAccessToken: settings.channelAccessToken,
    baseURL: settings.dataBaseUrl,
  });
  const limit = <T>(p: Promise<T>) => withTimeout(p, settings.timeoutMs);
  return {
    async list() {
      const { richmenus } = await limit(client.getRichMenuList());
      return richmenus.map((m) => ({ richMenuId: m.richMenuId, name: m.name }));
    },
    async defaultId() {
      try {
        return (await limit(client.getDefaultRichMenuId())).richMenuId;
      } catch (error) {
        if (status(error) === 404) return null;
        throw error;
      }
    },
    async create(request) {
      return (await limit(client.createRichMenu(request))).richMenuId;
    },
    async upload(richMenuId, png) {
      const blob = new Blob([new Uint8Array(png)], { type: "image/png" });
      await limit(blobs.setRichMenuImage(richMenuId, blob));
    },
    async setDefault(richMenuId) {
      await limit(client.setDefaultRichMenu(richMenuId));
    },
    async remove(richMenuId) {
      try {
        await limit(client.deleteRichMenu(richMenuId));
      } catch (error) {
        if (status(error) !== 404) throw error;
      }
    },
  };
}

export interface InstallResult {
  /** kept: already the default; defaulted: found and made the default; created: made anew. */
  action: "kept" | "defaulted" | "created";
  richMenuId: string;
  /** Earlier versions (and half-made copies) of this code's menu, deleted. */
  deleted: string[];
}

/**
 * Makes `menu` the default rich menu, creating it only when LINE has no menu of its name, and
 * deletes this code's other menus. Several workers starting at once may each create one; each
 * deletes what is neither its own choice nor the default it reads afterwards, so one remains.
 */
export async function installRichMenu(
  api: RichMenuApi,
  menu: RichMenuDefinition,
  log: Logger,
): Promise<InstallResult> {
  const ours = (await api.list()).filter((m) => m.name.startsWith(`${RICH_MENU_PREFIX} `));
  const same = ours.filter((m) => m.name === menu.name);
  const current = await api.defaultId();
  let chosen: InstallResult | null = null;
  if (current && same.some((m) => m.richMenuId === current)) {
    chosen = { action: "kept", richMenuId: current, deleted: [] };
  }
  for (const candidate of same) {
    if (chosen) break;
    try {
      await api.setDefault(candidate.richMenuId);
      chosen = { action: "defaulted", richMenuId: candidate.richMenuId, deleted: [] };
    } catch (error) {
      // A menu whose image never arrived cannot be the default (LINE answers 400): it goes
      // below with the other leftovers, and a complete one is made.
      const code = status(error);
      if (code === null || code >= 500 || code === 429) throw error;
      log.warn({ richMenuId: candidate.richMenuId, status: code }, "rich menu refused as default");
    }
  }
  if (!chosen) {
    const richMenuId = await api.create(menu.request);
    try {
      await api.upload(richMenuId, menu.image);
      await api.setDefault(richMenuId);
    } catch (error) {
      await api.remove(richMenuId).catch(() => undefined);
      throw error;
    }
    chosen = { action: "created", richMenuId, deleted: [] };
  }
  const keep = new Set([chosen.richMenuId]);
  if (chosen.action !== "kept") {
    const now = await api.defaultId();
    if (now) keep.add(now);
  }
  for (const m of ours) {
    if (keep.has(m.richMenuId)) continue;
    await api.remove(m.richMenuId);
    chosen.deleted.push(m.richMenuId);
  }
  return chosen;
}
