import { describe, expect, it } from "vitest";
import { qrDataUrl } from "#app/lib/qr.server";

describe("the LINE start link's QR code", () => {
  it("is an SVG data URL the page's CSP allows", async () => {
    const url = await qrDataUrl("https://portal.example/users/line-connect/start");
    expect(url).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(url!.split(",")[1]!, "base64").toString("utf8");
    expect(svg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  });

  it("is null when it cannot be made, so the page shows its failure message", async () => {
    // More than a version-40 QR code holds.
    expect(await qrDataUrl("x".repeat(5000))).toBeNull();
  });
});
