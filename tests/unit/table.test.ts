import { describe, expect, it } from "vitest";
import {
  ariaSort,
  exportHref,
  lastPage,
  nextDir,
  pageWindow,
  rangeOf,
  searchParamsObject,
  withParams,
} from "#app/components/table/url";
import { csvCell, csvDisposition, toCsv } from "#server/lib/csv";
import { clampPage, DEFAULT_PAGE_SIZE, PAGE_SIZES, pagingSchema } from "#server/lib/paging";

const schema = pagingSchema(["createdAt", "nickname"], { sort: "createdAt", dir: "desc" });

describe("paging input", () => {
  it("defaults to page 1, 25 rows, the list's own order", () => {
    expect(schema.parse({})).toEqual({ page: 1, size: 25, sort: "createdAt", dir: "desc" });
    expect(DEFAULT_PAGE_SIZE).toBe(25);
    expect(PAGE_SIZES).toEqual([10, 25, 50, 100]);
  });

  it("reads the URL's strings", () => {
    expect(schema.parse({ page: "3", size: "50", sort: "nickname", dir: "asc" })).toEqual({
      page: 3,
      size: 50,
      sort: "nickname",
      dir: "asc",
    });
  });

  it("accepts only the selector's sizes", () => {
    for (const size of PAGE_SIZES) expect(schema.parse({ size: String(size) }).size).toBe(size);
    for (const size of ["1000", "0", "-10", "24", "abc", "25.5"]) {
      expect(schema.parse({ size }).size).toBe(25);
    }
  });

  it("falls back instead of failing on anything typed into the URL", () => {
    expect(schema.parse({ page: "abc" }).page).toBe(1);
    expect(schema.parse({ page: "0" }).page).toBe(1);
    expect(schema.parse({ page: "-4" }).page).toBe(1);
    expect(schema.parse({ page: "2.5" }).page).toBe(1);
    expect(schema.parse({ page: "99999999999" }).page).toBe(1);
    expect(schema.parse({ dir: "sideways" }).dir).toBe("desc");
  });

  it("never lets a sort key outside the allow-list through (no column injection)", () => {
    for (const sort of ["password_hash", "users.email; drop table users", "", "NICKNAME"]) {
      expect(schema.parse({ sort }).sort).toBe("createdAt");
    }
  });

  it("takes the first value of each search parameter", () => {
    expect(searchParamsObject("http://x/a?page=2&page=3&q=%E5%B1%B1")).toEqual({
      page: "2",
      q: "山",
    });
  });

  it("clamps a page past the end to the last page", () => {
    expect(clampPage(9, 30, 25)).toBe(2);
    expect(clampPage(1, 0, 25)).toBe(1);
    expect(clampPage(2, 50, 25)).toBe(2);
    expect(clampPage(3, 50, 25)).toBe(2);
  });
});

describe("CSV", () => {
  it("starts with a UTF-8 BOM and ends every line with CRLF", () => {
    const csv = toCsv(["名前", "金額"], [["山田", 1000]]);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv).toBe("\uFEFF名前,金額\r\n山田,1000\r\n");
    expect(Buffer.from(csv, "utf8").subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  });

  it("writes empty cells for null and undefined, numbers as numbers", () => {
    expect(toCsv(["a", "b", "c"], [[null, undefined, -500]])).toBe("\uFEFFa,b,c\r\n,,-500\r\n");
    expect(csvCell(Number.NaN)).toBe("");
    expect(csvCell(true)).toBe("1");
  });

  it.each([
    // Commas, quotes, line breaks and edge spaces are quoted, quotes doubled.
    ["a,b", '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ["two\nlines", '"two\nlines"'],
    ["cr\rlf", '"cr\rlf"'],
    [" padded ", '" padded "'],
    ["plain", "plain"],
    // Text that a spreadsheet would run as a formula stays text.
    ['=HYPERLINK("http://evil")', '"\'=HYPERLINK(""http://evil"")"'],
    ["+81", "'+81"],
    ["-1", "'-1"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\tx", "'\tx"],
    // The full-width formula characters the same (Excel reads ＝ as =).
    ["＝HYPERLINK(1)", "'＝HYPERLINK(1)"],
    ["＋81", "'＋81"],
    ["－1", "'－1"],
    ["＠SUM(A1)", "'＠SUM(A1)"],
    // Leading spaces (ASCII or full-width) do not hide a formula either.
    ["　＝1+1", "'　＝1+1"],
    [" =1+1", "' =1+1"],
    ["ふつうの名前", "ふつうの名前"],
  ])("writes the cell %j as %j", (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it("names the download in ASCII with a UTF-8 form", () => {
    expect(csvDisposition("口座一覧", "20261121")).toBe(
      `attachment; filename="____-20261121.csv"; filename*=UTF-8''${encodeURIComponent("口座一覧-20261121.csv")}`,
    );
    expect(csvDisposition("accounts", "20261121")).toContain('filename="accounts-20261121.csv"');
  });
});

describe("table URL state", () => {
  it("changes parameters and keeps the others", () => {
    expect(withParams("?status=pending&page=3", { sort: "createdAt", page: null })).toBe(
      "?status=pending&sort=createdAt",
    );
    expect(withParams("", { page: 2 })).toBe("?page=2");
    expect(withParams("?q=a", { q: "" })).toBe("?");
  });

  it("flips the direction of the current column and starts others at their first direction", () => {
    const current = { sort: "createdAt", dir: "desc" as const };
    expect(nextDir("createdAt", current)).toBe("asc");
    expect(nextDir("createdAt", { ...current, dir: "asc" })).toBe("desc");
    expect(nextDir("nickname", current)).toBe("asc");
    expect(nextDir("amount", current, "desc")).toBe("desc");
  });

  it("marks aria-sort on the sorted column only", () => {
    const current = { sort: "createdAt", dir: "desc" as const };
    expect(ariaSort("createdAt", current)).toBe("descending");
    expect(ariaSort("createdAt", { ...current, dir: "asc" })).toBe("ascending");
    expect(ariaSort("nickname", current)).toBe("none");
  });

  it("shows at most 7 page entries with gaps", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, 4, 5, "gap", 20]);
    expect(pageWindow(10, 20)).toEqual([1, "gap", 9, 10, 11, "gap", 20]);
    expect(pageWindow(19, 20)).toEqual([1, "gap", 16, 17, 18, 19, 20]);
    for (let page = 1; page <= 40; page++) {
      const window = pageWindow(page, 40);
      expect(window.length).toBeLessThanOrEqual(7);
      expect(window).toContain(page);
    }
  });

  it("counts the range shown", () => {
    expect(rangeOf(1, 25, 0)).toEqual({ from: 0, to: 0, total: 0 });
    expect(rangeOf(2, 25, 30)).toEqual({ from: 26, to: 30, total: 30 });
    expect(lastPage(0, 25)).toBe(1);
    expect(lastPage(101, 25)).toBe(5);
  });

  it("exports the current filters and order without the paging", () => {
    expect(
      exportHref("/admin/account/export", "?status=pending&page=3&size=50&sort=createdAt"),
    ).toBe("/admin/account/export?status=pending&sort=createdAt");
    expect(exportHref("/admin/account/export", "?page=2")).toBe("/admin/account/export");
  });
});
