import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { i18nOptions } from "../../app/i18n";
import { annualDocument } from "../../app/lib/annual";
import { annualPdf } from "../../app/lib/annual-pdf.server";
import { annualText } from "../../app/lib/annual.server";
import { resources } from "../../app/locales.server";
import type { AnnualStatement } from "../../server/features/wallet/annual";

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
};

async function t(lng: "ja" | "en") {
  const i18n = i18next.createInstance();
  await i18n.init({ ...i18nOptions, lng, resources, ns: ["statement", "wallet"] });
  return i18n.t.bind(i18n) as (key: string, options?: Record<string, unknown>) => string;
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
    ])
      expect(text).toContain(expected);
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
