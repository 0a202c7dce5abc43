import { describe, expect, it } from "vitest";
import {
  bankName,
  branchExists,
  fold,
  searchBanks,
  searchBranches,
} from "#server/features/profile/banks";

/** The payout form's bank and branch pickers, over the real zengin-code list. */

describe("bank search", () => {
  it("finds a bank by name, katakana (full or half width), hiragana, romaji or code", async () => {
    for (const q of ["みずほ", "ミズホ", "ﾐｽﾞﾎ", "mizuho", "MIZUHO", "0001", "０００１"]) {
      expect((await searchBanks(q))[0], q).toEqual({ code: "0001", name: "みずほ銀行" });
    }
  });

  it("matches a code by its prefix and a name anywhere, a few at most", async () => {
    const byPrefix = await searchBanks("00");
    expect(byPrefix.length).toBeGreaterThan(1);
    expect(byPrefix.every((b) => b.code.startsWith("00"))).toBe(true);
    expect((await searchBanks("UFJ")).map((b) => b.code)).toContain("0005");
    expect(await searchBanks("信金", 5)).toHaveLength(5);
    expect(await searchBanks("")).toEqual([]);
    expect(await searchBanks("no such bank zzz")).toEqual([]);
  });

  it("writes names as members do: 銀行 for banks, full-width letters made half-width", () => {
    expect(bankName("0005", "三菱ＵＦＪ")).toBe("三菱UFJ銀行");
    expect(bankName("9900", "ゆうちょ")).toBe("ゆうちょ銀行");
    expect(bankName("1001", "北海道信金")).toBe("北海道信金");
    expect(bankName("0401", "シティバンク、エヌ・エイ")).toBe("シティバンク、エヌ・エイ");
  });

  it("folds readings the way the list writes them (small kana large, no long marks)", () => {
    expect(fold("トウキョウ")).toBe(fold("とうきよう"));
    expect(fold("ミツビシユーエフジェイ")).toBe(fold("みつびしゆ－えふじえい"));
  });
});

describe("branch search and the code pair check", () => {
  it("finds a bank's branch by name, reading or code", async () => {
    expect(await searchBranches("0001", "東京営業")).toEqual([{ code: "001", name: "東京営業部" }]);
    expect((await searchBranches("0001", "001"))[0]).toEqual({ code: "001", name: "東京営業部" });
    // The list's reading of 東京営業部 is "トウキヨウ": typed with a small ョ it still matches.
    expect((await searchBranches("0001", "トウキョウ")).map((b) => b.code)).toContain("001");
    expect(await searchBranches("0000", "東京")).toEqual([]);
  });

  it("refuses only a branch the list knows the bank has not", async () => {
    expect(await branchExists("0001", "001")).toBe(true);
    expect(await branchExists("0001", "999")).toBe(false);
    // A bank the list does not know (newer than it): not judged.
    expect(await branchExists("0000", "123")).toBe(true);
  });
});
