import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { json } from "./line-standin-wire";

/**
 * The rich menu part of the LINE stand-in (line-standin.ts routes these paths here), as the
 * Messaging API documents them:
 * - POST /v2/bot/richmenu (checks size, areas inside the image, uri actions, chatBarText),
 *   GET /v2/bot/richmenu/list, GET and DELETE /v2/bot/richmenu/{id};
 * - POST /v2/bot/richmenu/{id}/content (the content host: PNG or JPEG, at most 1 MB, of the
 *   menu's size, once per menu), GET of the same;
 * - GET, POST /{id} and DELETE /v2/bot/user/all/richmenu (the default menu; a menu without an
 *   image is refused, and "none set" is 404).
 * Every request is recorded with the status it got; scripted statuses answer the next calls.
 */

export interface RichMenuRecord {
  method: string;
  path: string;
  status: number;
}

export interface RichMenuScript {
  status: number;
  on?: string;
}

interface StoredMenu {
  richMenuId: string;
  request: Record<string, unknown>;
  image: Buffer | null;
}

const SIZES = new Set(["2500x1686", "2500x843"]);

function readRaw(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

/** Width and height from a PNG's IHDR chunk, or null when the bytes are not a PNG. */
function pngSize(bytes: Buffer): { width: number; height: number } | null {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (bytes.length < 24 || !bytes.subarray(0, 8).equals(signature)) return null;
  if (bytes.subarray(12, 16).toString("latin1") !== "IHDR") return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

export class RichMenuStandin {
  menus = new Map<string, StoredMenu>();
  defaultId: string | null = null;
  /** Every rich menu request, in arrival order. */
  requests: RichMenuRecord[] = [];
  private script: RichMenuScript[] = [];

  constructor(private readonly authorized: (req: IncomingMessage) => boolean) {}

  /**
   * The next rich menu calls answer these statuses instead, one entry per call; an entry with
   * `on` waits for the first call whose "METHOD path" contains it.
   */
  scriptStatuses(...entries: (number | RichMenuScript)[]): void {
    this.script.push(...entries.map((e) => (typeof e === "number" ? { status: e } : e)));
  }

  reset(): void {
    this.menus.clear();
    this.defaultId = null;
    this.requests = [];
    this.script = [];
  }

  /** Requests that changed something (everything but GET). */
  get writes(): RichMenuRecord[] {
    return this.requests.filter((r) => r.method !== "GET");
  }

  handles(path: string): boolean {
    return path.startsWith("/v2/bot/richmenu") || path.startsWith("/v2/bot/user/all/richmenu");
  }

  async handle(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const method = req.method ?? "GET";
    const answer = (status: number, body: unknown) => {
      this.requests.push({ method, path, status });
      json(res, status, body);
    };
    const raw = await readRaw(req);
    if (!this.authorized(req)) return answer(401, { message: "Authentication failed" });
    const call = `${method} ${path}`;
    const at = this.script.findIndex((e) => e.on === undefined || call.includes(e.on));
    if (at >= 0) {
      const [{ status }] = this.script.splice(at, 1) as [RichMenuScript];
      return answer(status, { message: `scripted ${status}` });
    }

    if (path === "/v2/bot/richmenu" && method === "POST") return this.create(raw, answer);
    if (path === "/v2/bot/richmenu/list" && method === "GET") {
      return answer(200, {
        richmenus: [...this.menus.values()].map((m) => ({
          ...m.request,
          richMenuId: m.richMenuId,
        })),
      });
    }
    if (path === "/v2/bot/user/all/richmenu") {
      if (method === "GET") {
        return this.defaultId
          ? answer(200, { richMenuId: this.defaultId })
          : answer(404, { message: "no default richmenu" });
      }
      if (method === "DELETE") {
        this.defaultId = null;
        return answer(200, {});
      }
    }
    const setDefault = /^\/v2\/bot\/user\/all\/richmenu\/([^/]+)$/.exec(path);
    if (setDefault && method === "POST") {
      const menu = this.menus.get(setDefault[1]!);
      if (!menu) return answer(404, { message: "richmenu not found" });
      if (!menu.image)
        return answer(400, { message: "must upload richmenu image before applying it to user" });
      this.defaultId = menu.richMenuId;
      return answer(200, {});
    }
    const content = /^\/v2\/bot\/richmenu\/([^/]+)\/content$/.exec(path);
    if (content) {
      const menu = this.menus.get(content[1]!);
      if (!menu) return answer(404, { message: "richmenu not found" });
      if (method === "GET") {
        if (!menu.image) return answer(404, { message: "richmenu image not found" });
        this.requests.push({ method, path, status: 200 });
        res.writeHead(200, { "Content-Type": "image/png" }).end(menu.image);
        return;
      }
      if (method !== "POST") return answer(405, { message: "method not allowed" });
      if (menu.image) {
        return answer(400, { message: "An image has already been uploaded to the richmenu" });
      }
      const type = req.headers["content-type"];
      if (type !== "image/png" && type !== "image/jpeg") {
        return answer(415, { message: "unsupported media type" });
      }
      if (raw.length > 1024 * 1024) return answer(413, { message: "image too large" });
      const size = pngSize(raw);
      const menuSize = menu.request.size as { width: number; height: number };
      if (!size || size.width !== menuSize.width || size.height !== menuSize.height) {
        return answer(400, { message: "image size does not match the rich menu size" });
      }
      menu.image = raw;
      return answer(200, {});
    }
    const one = /^\/v2\/bot\/richmenu\/([^/]+)$/.exec(path);
    if (one) {
      const menu = this.menus.get(one[1]!);
      if (!menu) return answer(404, { message: "richmenu not found" });
      if (method === "GET") return answer(200, { ...menu.request, richMenuId: menu.richMenuId });
      if (method === "DELETE") {
        this.menus.delete(menu.richMenuId);
        if (this.defaultId === menu.richMenuId) this.defaultId = null;
        return answer(200, {});
      }
    }
    answer(404, { message: "Not found" });
  }

  private create(raw: Buffer, answer: (status: number, body: unknown) => void): void {
    let body: {
      size?: { width?: number; height?: number };
      selected?: unknown;
      name?: unknown;
      chatBarText?: unknown;
      areas?: { bounds?: Record<string, number>; action?: { type?: string; uri?: string } }[];
    };
    try {
      body = JSON.parse(raw.toString("utf8")) as typeof body;
    } catch {
      return answer(400, { message: "The request body has 1 error(s)" });
    }
    const problems: string[] = [];
    const width = body.size?.width ?? 0;
    const height = body.size?.height ?? 0;
    if (!SIZES.has(`${width}x${height}`)) problems.push("size");
    if (typeof body.selected !== "boolean") problems.push("selected");
    if (typeof body.name !== "string" || !body.name || body.name.length > 300)
      problems.push("name");
    if (typeof body.chatBarText !== "string" || !body.chatBarText || body.chatBarText.length > 14) {
      problems.push("chatBarText");
    }
    const areas = Array.isArray(body.areas) ? body.areas : [];
    if (areas.length === 0 || areas.length > 20) problems.push("areas");
    areas.forEach((area, i) => {
      const b = area.bounds ?? {};
      const inside =
        [b.x, b.y, b.width, b.height].every((v) => Number.isInteger(v) && (v as number) >= 0) &&
        b.x! + b.width! <= width &&
        b.y! + b.height! <= height;
      if (!inside) problems.push(`areas[${i}].bounds`);
      if (area.action?.type !== "uri" || !/^https:\/\//.test(area.action.uri ?? "")) {
        problems.push(`areas[${i}].action`);
      }
    });
    if (problems.length) {
      return answer(400, { message: "The request body has errors", details: problems });
    }
    const richMenuId = `richmenu-${randomBytes(16).toString("hex")}`;
    this.menus.set(richMenuId, {
      richMenuId,
      request: body as Record<string, unknown>,
      image: null,
    });
    answer(200, { richMenuId });
  }
}
