import { describe, expect, it } from "vitest";
import {
  bytesFromBase64,
  bytesSource,
  readableEncoding,
  sha256InPieces,
} from "#server/features/cashback/report";
import { previewInput } from "#server/features/cashback/schema";
import { createHash } from "node:crypto";
import { MAX_REPORT_BYTES } from "#domain/upload";
import { turnsDuring } from "../helpers/event-loop";

/** A report of about `mb` MB of UTF-8 rows with Japanese text (not ASCII). */
function japaneseReport(mb: number): Buffer {
  const row = "2026-10-01,XM,1000001,1.00,100,JPY,明細-0001\n";
  return Buffer.from(
    "trade_date,broker,account,lots,amount,currency,row_key\n" +
      row.repeat(Math.ceil((mb * 1024 * 1024) / Buffer.byteLength(row))),
  );
}

describe("whole-report steps hand the event loop back between pieces", () => {
  const report = japaneseReport(8);

  it("reads bytes in memory as a source with a turn of the loop after each piece", async () => {
    const { turns, value } = await turnsDuring(async () => {
      let bytes = 0;
      for await (const piece of bytesSource(report)()) bytes += piece.length;
      return bytes;
    });
    expect(value).toBe(report.length);
    // 256 KiB pieces: 32 of them, a turn after each.
    expect(turns).toBeGreaterThanOrEqual(30);
  });

  it("checks the encoding of a whole report in pieces", async () => {
    const { turns, value } = await turnsDuring(() => readableEncoding(report, null));
    expect(value).toBe("utf-8");
    expect(turns).toBeGreaterThanOrEqual(8);
  });

  it("checks Shift_JIS in pieces too, and still refuses a byte the encoding cannot read", async () => {
    const sjis = Buffer.concat([
      Buffer.from("trade_date,broker\n"),
      Buffer.from([0x96, 0xbe, 0x8d, 0xd7, 0x0a]).subarray(0, 5),
    ]);
    const big = Buffer.concat(Array.from({ length: 400_000 }, () => sjis));
    const { turns, value } = await turnsDuring(() => readableEncoding(big, "shift_jis"));
    expect(value).toBe("shift_jis");
    expect(turns).toBeGreaterThanOrEqual(5);
    // A lead byte with nothing after it, at the very end: not Shift_JIS.
    await expect(
      readableEncoding(Buffer.concat([big, Buffer.from([0x96])]), "shift_jis"),
    ).rejects.toMatchObject({ key: "wrongEncoding" });
  });

  it("fingerprints the report in pieces, as one hash of the whole would", async () => {
    const { turns, value } = await turnsDuring(() => sha256InPieces(report));
    expect(value).toBe(createHash("sha256").update(report).digest("hex"));
    expect(turns).toBeGreaterThanOrEqual(8);
  });

  it("decodes base64 in pieces, byte for byte as Buffer.from does", async () => {
    const text = report.toString("base64");
    const { turns, value } = await turnsDuring(() => bytesFromBase64(text));
    expect(value.equals(report)).toBe(true);
    expect(turns).toBeGreaterThanOrEqual(8);
    // Base64 with line breaks (as mail writes it) reads as Node reads it.
    const wrapped = text.slice(0, 4000).replace(/(.{76})/g, "$1\r\n");
    expect((await bytesFromBase64(wrapped)).equals(Buffer.from(wrapped, "base64"))).toBe(true);
    expect((await bytesFromBase64("")).length).toBe(0);
  });
});

describe("the preview's input", () => {
  const base = { fileName: "report.csv" };

  it("takes the report's bytes as they are, or as base64, never both or neither", () => {
    expect(previewInput.safeParse({ ...base, content: new Uint8Array([1, 2]) }).success).toBe(true);
    expect(previewInput.safeParse({ ...base, contentBase64: "AQI=" }).success).toBe(true);
    expect(
      previewInput.safeParse({ ...base, content: new Uint8Array([1]), contentBase64: "AQ==" })
        .success,
    ).toBe(false);
    expect(previewInput.safeParse(base).success).toBe(false);
  });

  it("refuses bytes past the report limit as too large", () => {
    const result = previewInput.safeParse({
      ...base,
      content: new Uint8Array(MAX_REPORT_BYTES + 1),
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("fileTooLarge");
  });
});
