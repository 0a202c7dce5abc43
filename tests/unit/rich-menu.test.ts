import { describe, expect, it } from "vitest";
import { ConfigError, configWarnings, parseConfig } from "#server/config";
import { LIFF_PAGE_NAMES } from "#domain/liff";
import {
  RICH_MENU_MAX_BYTES,
  RICH_MENU_SIZE,
  richMenuAreas,
  richMenuDefinition,
  richMenuImage,
} from "#server/line/rich-menu";

describe("the rich menu", () => {
  it("tiles the whole image with the five pages, none overlapping", () => {
    const areas = richMenuAreas();
    expect(areas.map((a) => a.page)).toEqual(LIFF_PAGE_NAMES);
    const covered = areas.reduce((sum, a) => sum + a.width * a.height, 0);
    expect(covered).toBe(RICH_MENU_SIZE.width * RICH_MENU_SIZE.height);
    for (const a of areas) {
      expect(a.x + a.width).toBeLessThanOrEqual(RICH_MENU_SIZE.width);
      expect(a.y + a.height).toBeLessThanOrEqual(RICH_MENU_SIZE.height);
      for (const b of areas) {
        if (a === b) continue;
        const apart =
          a.x + a.width <= b.x ||
          b.x + b.width <= a.x ||
          a.y + a.height <= b.y ||
          b.y + b.height <= a.y;
        expect(apart, `${a.page} and ${b.page}`).toBe(true);
      }
    }
  });

  it("has a committed PNG of LINE's size, under LINE's 1 MB", () => {
    const png = richMenuImage();
    expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
    expect(png.readUInt32BE(16)).toBe(RICH_MENU_SIZE.width);
    expect(png.readUInt32BE(20)).toBe(RICH_MENU_SIZE.height);
    expect(png.length).toBeLessThanOrEqual(RICH_MENU_MAX_BYTES);
  });

  it("is named after its definition and image: same input, same name; any change, a new one", () => {
    const image = richMenuImage();
    const a = richMenuDefinition("1234567890-AbcdEfgh", image);
    expect(richMenuDefinition("1234567890-AbcdEfgh", Buffer.from(image)).name).toBe(a.name);
    expect(richMenuDefinition("1234567890-Other123", image).name).not.toBe(a.name);
    expect(
      richMenuDefinition("1234567890-AbcdEfgh", Buffer.concat([image, Buffer.of(0)])).name,
    ).not.toBe(a.name);
    expect(a.request.chatBarText!.length).toBeLessThanOrEqual(14);
  });
});

describe("LIFF_ID in the configuration", () => {
  const login = { LINE_LOGIN_CHANNEL_ID: "1234567890", LINE_LOGIN_CHANNEL_SECRET: "0".repeat(32) };
  it("needs the LINE Login channel it belongs to", () => {
    expect(() => parseConfig({ NODE_ENV: "test", LIFF_ID: "1234567890-AbcdEfgh" })).toThrow(
      ConfigError,
    );
    expect(() => parseConfig({ NODE_ENV: "test", ...login, LIFF_ID: "not a liff id" })).toThrow(
      /LIFF_ID/,
    );
    expect(
      parseConfig({ NODE_ENV: "test", ...login, LIFF_ID: "1234567890-AbcdEfgh" }).LIFF_ID,
    ).toBe("1234567890-AbcdEfgh");
  });

  it("warns when the LIFF app is another channel's", () => {
    const own = parseConfig({ NODE_ENV: "test", ...login, LIFF_ID: "1234567890-AbcdEfgh" });
    expect(configWarnings(own).some((w) => w.includes("LIFF_ID"))).toBe(false);
    const other = parseConfig({ NODE_ENV: "test", ...login, LIFF_ID: "9999999999-AbcdEfgh" });
    expect(configWarnings(other).some((w) => w.startsWith("LIFF_ID 9999999999-AbcdEfgh"))).toBe(
      true,
    );
  });
});
