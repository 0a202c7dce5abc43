import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { i18nOptions } from "#app/i18n";
import { annualDocument } from "#app/lib/annual";
import { annualPdf } from "#app/lib/annual-pdf.server";
import { annualText } from "#app/lib/annual.server";
import { resources } from "#app/locales.server";
import type { AnnualStatement } from "#server/features/wallet/annual";

const line = (amount: number, count: number) => ({ amount, count });

/** A member's year with every kind of line (what wallet.annual returns). */
const YEAR: AnnualStatement = {
  year: 2026,
  holder: { name: "山田 太郎", email: "taro@example.test" },
  start: "2025-12-31 15:00:00.000",
  end: "2026-12-31 15:00:00.000",
  opening: { available: 10_500, held: 0, total: 10_500 },
  closing: { available: 30_345, held: 2_000, total: 32_345 },
  income: {
    cashback: [
      { brokerId: "b1", broker: "XMTrading", amount: 7_000, count: 3 },
      { brokerId: "b2", broker: "Exness", amount: 5_345, count: 2 },
    ],
    affiliate: line(2_000, 1),
    battlePrizes: line(20_000, 1),
    marathonRewards: line(1_500, 1),
    otherPrizes: line(0, 0),
    gachaWins: line(700, 1),
    presents: line(1_000, 1),
    transfersIn: line(3_000, 1),
  },
  outgoing: {
    gachaPlays: line(300, 1),
    transfersOut: { amount: 10_000, count: 1, fees: 150 },
    withdrawals: [
      { method: "bank", amount: 5_000, count: 1, fees: 0 },
      { method: "paypay", amount: 1_000, count: 1, fees: 0 },
    ],
  },
  totalIncome: 40_545,
  totalOutgoing: 16_450,
  reconciled: true,
  years: [2026, 2025],
  asOf: null,
  issuer: { name: "株式会社〇〇", address: "〒100-0000 東京都千代田区〇〇1-2-3" },
  documentNumber: "AR-2026-ABCD1234-20270115",
};

/** A year with no movement at all, still running on 29 November (a member who joined then). */
const EMPTY: AnnualStatement = {
  ...YEAR,
  opening: { available: 0, held: 0, total: 0 },
  closing: { available: 0, held: 0, total: 0 },
  income: {
    cashback: [],
    affiliate: line(0, 0),
    battlePrizes: line(0, 0),
    marathonRewards: line(0, 0),
    otherPrizes: line(0, 0),
    gachaWins: line(0, 0),
    presents: line(0, 0),
    transfersIn: line(0, 0),
  },
  outgoing: {
    gachaPlays: line(0, 0),
    transfersOut: { amount: 0, count: 0, fees: 0 },
    withdrawals: [],
  },
  totalIncome: 0,
  totalOutgoing: 0,
  years: [2026],
  asOf: "2026-11-29",
  documentNumber: "AR-2026-ABCD1234-20261129",
};

async function t(lng: "ja" | "en") {
  const i18n = i18next.createInstance();
  await i18n.init({ ...i18nOptions, lng, resources, ns: ["statement", "wallet"] });
  return i18n.t.bind(i18n) as (key: string, options?: Record<string, unknown>) => string;
}

/** The PDF's text runs with where each starts (x in points from the left edge), pdf.js's reading. */
async function pdfRuns(bytes: Buffer): Promise<{ str: string; x: number }[]> {
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), useSystemFonts: false })
    .promise;
  const runs: { str: string; x: number }[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    for (const item of content.items)
      if ("str" in item && item.str !== "") runs.push({ str: item.str, x: item.transform[4] });
  }
  return runs;
}

/** The PDF's text, page by page, as a PDF reader extracts it (pdf.js). */
async function pdfText(bytes: Buffer): Promise<string[]> {
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), useSystemFonts: false })
    .promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ("str" in item ? item.str : "")).join(""));
  }
  return pages;
}

describe("the annual statement's PDF", () => {
  it("draws the Japanese document with its lines and totals, readable as text", async () => {
    const tr = await t("ja");
    const bytes = await annualPdf(YEAR, annualDocument(YEAR, tr), annualText(YEAR, tr));
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    // Only the glyphs used are embedded: far below the 5 MB font files.
    expect(bytes.length).toBeLessThan(200_000);
    const pages = await pdfText(bytes);
    expect(pages).toHaveLength(1);
    const text = pages[0]!;
    for (const expected of [
      "2026年 年間取引報告書",
      "対象期間：2026年1月1日〜2026年12月31日（日本時間）",
      "山田 太郎",
      "キャッシュバック（XMTrading）",
      "¥7,000",
      "キャッシュバック（Exness）",
      "¥5,345",
      "アフィリエイト報酬",
      "キャッシュバックバトル賞金",
      "キャッシュバックマラソン報酬",
      "ガチャ当選",
      "会員からの送金",
      "出金（銀行振込）",
      "出金手数料（PayPay）",
      "送金手数料",
      "¥150",
      "受取合計",
      "¥40,545",
      "期末残高（12月31日 24:00）",
      "¥32,345",
      "うち申請中（保留）¥2,000",
      "文書番号：AR-2026-ABCD1234-20270115",
      "発行者: 株式会社〇〇",
      "〒100-0000 東京都千代田区〇〇1-2-3",
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain("現在）");
  });

  it("says 'balance as of' the day of issue for the running year, not the year-end", async () => {
    const tr = await t("ja");
    const running = { ...YEAR, asOf: "2026-11-29" };
    const text = (
      await pdfText(await annualPdf(running, annualDocument(running, tr), annualText(running, tr)))
    ).join("");
    expect(text).toContain("残高（2026/11/29 現在）");
    expect(text).not.toContain("期末残高");
    expect(text).not.toContain("12月31日 24:00");
    expect(text).toContain("2026年は終わっていないため、2026/11/29までの取引で作成しています。");

    const en = await t("en");
    const english = (
      await pdfText(await annualPdf(running, annualDocument(running, en), annualText(running, en)))
    ).join("");
    expect(english).toContain("Balance (as of 2026/11/29)");
    expect(english).not.toContain("Closing balance");
    expect(english).toContain("Document No.: AR-2026-ABCD1234-20270115");
    expect(english).toContain("Issuer: 株式会社〇〇");
  });

  it("prints an empty year's sentences whole, from the left margin, with no table around them", async () => {
    for (const [lng, none, noneOut, heads] of [
      ["ja", "この年の受取はありません。", "この年の出金・送金はありません。", "項目"],
      ["en", "Nothing received in this year.", "No withdrawals or transfers in this year.", "Item"],
    ] as const) {
      const tr = await t(lng);
      const runs = await pdfRuns(
        await annualPdf(EMPTY, annualDocument(EMPTY, tr), annualText(EMPTY, tr)),
      );
      for (const sentence of [none, noneOut]) {
        const run = runs.find((r) => r.str.includes(sentence.slice(0, 6)));
        // One run holding the whole sentence, starting at the margin (48 pt), not in a column.
        expect(run?.str).toBe(sentence);
        expect(run?.x).toBeCloseTo(48, 0);
      }
      // No column heads: the sections have no line to head.
      expect(runs.map((r) => r.str)).not.toContain(heads);
    }
  });

  it("is written in English for a member reading English", async () => {
    const tr = await t("en");
    const bytes = await annualPdf(YEAR, annualDocument(YEAR, tr), annualText(YEAR, tr));
    const text = (await pdfText(bytes)).join("\n");
    expect(text).toContain("Annual statement 2026");
    expect(text).toContain("Withdrawal (Bank transfer)");
    // The member's name stays as written.
    expect(text).toContain("山田 太郎");
  });
});
