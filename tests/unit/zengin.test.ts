import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DEMO_REQUESTER } from "#tools/seed/money";
import { transferDay } from "#server/features/wallet/bank-transfers";
import { type Payment, zenginFile, zenginText } from "#server/features/wallet/zengin";

// The demo company's requester (tools/seed): the golden file below carries its header.
const requester = DEMO_REQUESTER;

const payments: Payment[] = [
  {
    id: "w1",
    bankCode: "1",
    bankName: "ミズホ",
    branchCode: "1",
    branchName: "トウキョウエイギョウブ",
    accountType: "savings",
    accountNumber: "1234567",
    payeeName: "ヤマダ タロウ",
    amount: 6000,
  },
  {
    id: "w2",
    bankCode: "0009",
    bankName: "ﾐﾂｲｽﾐﾄﾓ",
    branchCode: "123",
    branchName: "しぶや",
    accountType: "current",
    accountNumber: "7654321",
    payeeName: "ｻﾄｳ ﾊﾅｺ",
    amount: 12_345_678,
  },
];

const golden = path.join(__dirname, "../fixtures/zengin/two-payments.txt");

describe("zengin text", () => {
  it.each([
    ["ヤマダ タロウ", "ﾔﾏﾀﾞ ﾀﾛｳ"],
    ["やまだ　たろう", "ﾔﾏﾀﾞ ﾀﾛｳ"],
    ["ﾔﾏﾀﾞ ﾀﾛｳ", "ﾔﾏﾀﾞ ﾀﾛｳ"],
    ["キャッシュ", "ｷﾔﾂｼﾕ"],
    ["ユーエフジェイ", "ﾕ-ｴﾌｼﾞｴｲ"],
    ["ｶ)ﾃｽﾄ", "ｶ)ﾃｽﾄ"],
    ["Yamada Ｔａｒｏ", "YAMADA TARO"],
    ["ヴィ", "ｳﾞｲ"],
  ])("writes %s as %s", (input, expected) => {
    expect(zenginText(input)).toBe(expected);
  });

  it.each(["山田", "ヤマダ😀", "ヤマダ@"])("refuses %s (no Zengin form)", (input) => {
    expect(zenginText(input)).toBeNull();
  });
});

describe("zengin transfer file", () => {
  it("matches the golden file byte for byte", () => {
    const file = zenginFile(requester, "2026-12-01", payments);
    expect(file.ok).toBe(true);
    if (!file.ok) return;
    expect(Buffer.from(file.bytes).equals(readFileSync(golden))).toBe(true);
    expect(file.total).toBe(12_351_678);
  });

  // Read back independently of the writer, field by field at the positions the Zengin
  // 総合振込 layout gives (1-based columns in the comments).
  it("puts every field at its Zengin position", () => {
    const bytes = readFileSync(golden);
    const records = bytes.toString("latin1").split("\r\n");
    expect(records.pop()).toBe("");
    expect(records.map((r) => r.length)).toEqual([120, 120, 120, 120, 120]);
    const [header, first, second, trailer, end] = records.map((r) =>
      new TextDecoder("shift_jis").decode(Buffer.from(r, "latin1")),
    ) as [string, string, string, string, string];
    expect(header.slice(0, 4)).toBe("1210"); // 1 data kind, 2-3 総合振込, 4 JIS
    expect(header.slice(4, 14)).toBe("1234567890"); // 5-14 requester code
    expect(header.slice(14, 54).trimEnd()).toBe("ｶ)ｷﾔﾂｼﾕﾊﾞﾂｸﾎﾟ-ﾀﾙ"); // 15-54
    expect(header.slice(54, 58)).toBe("1201"); // 55-58 transfer day MMDD
    expect(header.slice(58, 62)).toBe("0005"); // 59-62 bank
    expect(header.slice(77, 80)).toBe("001"); // 78-80 branch
    expect(header.slice(95, 103)).toBe("27654321"); // 96 type, 97-103 account
    expect(first.slice(0, 5)).toBe("20001"); // 1 data kind, 2-5 bank code
    expect(first.slice(5, 20).trimEnd()).toBe("ﾐｽﾞﾎ"); // 6-20 bank name
    expect(first.slice(20, 23)).toBe("001"); // 21-23 branch code
    expect(first.slice(38, 42)).toBe("0000"); // 39-42 clearing house (unused)
    expect(first.slice(42, 50)).toBe("11234567"); // 43 type, 44-50 account
    expect(first.slice(50, 80)).toBe("ﾔﾏﾀﾞ ﾀﾛｳ".padEnd(30)); // 51-80 payee
    expect(first.slice(80, 90)).toBe("0000006000"); // 81-90 amount
    expect(second.slice(80, 90)).toBe("0012345678");
    expect(trailer.slice(0, 19)).toBe("8000002000012351678"); // count 2-7, total 8-19
    expect(trailer.slice(19)).toBe(" ".repeat(101));
    expect(end).toBe("9" + " ".repeat(119));
  });

  it("writes the rows a bank can read, and names each row left out with the reason", () => {
    const file = zenginFile(requester, "2026-12-01", [
      ...payments,
      { ...payments[0]!, id: "w3", payeeName: "山田太郎" },
      { ...payments[0]!, id: "w4", accountNumber: "12345678" },
      // Names of banks and branches are optional to banks: kanji leaves them blank.
      { ...payments[0]!, id: "w5", bankName: "みずほ銀行", branchName: "東京" },
    ]);
    if (!file.ok) throw new Error("expected a file");
    expect(file.ids).toEqual(["w1", "w2", "w5"]);
    expect(file.skipped).toEqual([
      { id: "w3", field: "payeeName", value: "山田太郎" },
      { id: "w4", field: "accountNumber", value: "12345678" },
    ]);
    const lines = new TextDecoder("shift_jis").decode(file.bytes).split("\r\n");
    expect(lines.filter((l) => l.startsWith("2"))).toHaveLength(3);
    // The trailer counts and totals only what the file holds.
    expect(file.total).toBe(payments[0]!.amount * 2 + payments[1]!.amount);
    expect(lines.find((l) => l.startsWith("8"))!.slice(1, 7)).toBe("000003");
  });

  it("makes no file when no row can be written", () => {
    const file = zenginFile(requester, "2026-12-01", [
      { ...payments[0]!, id: "w3", payeeName: "ヰダ" },
    ]);
    expect(file).toEqual({
      ok: false,
      problems: [{ id: "w3", field: "payeeName", value: "ヰダ" }],
    });
  });

  it("refuses a file whose requester data banks cannot read", () => {
    const file = zenginFile({ ...requester, requesterName: "株式会社" }, "2026-12-01", payments);
    expect(file).toMatchObject({
      ok: false,
      problems: [{ id: "settings", field: "requesterName" }],
    });
  });
});

describe("transfer day", () => {
  it.each([
    ["2026-11-25", 1, "2026-11-26"], // Wednesday → Thursday
    ["2026-11-27", 1, "2026-11-30"], // Friday → Monday
    ["2026-11-25", 0, "2026-11-25"], // today, a business day
    ["2026-11-28", 0, "2026-11-30"], // Saturday → Monday
    ["2026-12-30", 1, "2027-01-04"], // banks close from 31 December to 3 January
  ])("from %s with %i lead day(s) is %s", (today, lead, expected) => {
    expect(transferDay(today, lead)).toBe(expected);
  });
});
