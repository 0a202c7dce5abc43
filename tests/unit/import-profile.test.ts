import { format, isValid, parse } from "date-fns";
import { describe, expect, it } from "vitest";
import {
  dateReader,
  headerMatches,
  profileDate,
  profileDecimal,
  profileLots,
  resolveColumns,
} from "#domain/import-profile";

const columns = {
  account: "Login",
  tradeDate: "Close time",
  volume: "#5",
  commission: "Commission",
  symbol: null,
  currency: null,
  rowKey: null,
};

describe("reading a report with a profile", () => {
  it("reads the trade date in the profile's format, its date part, and refuses others", () => {
    expect(profileDate("03/11/2026", "dd/MM/yyyy")).toBe("2026-11-03");
    expect(profileDate("2026.11.03 23:59", "yyyy.MM.dd HH:mm")).toBe("2026-11-03");
    expect(profileDate("31/02/2026", "dd/MM/yyyy")).toBeNull();
    expect(profileDate("2026-11-03", "dd/MM/yyyy")).toBeNull();
    expect(profileDate("03/11/1999", "dd/MM/yyyy")).toBeNull();
  });

  it("reads a date exactly as date-fns parse does, pattern by pattern, right or wrong", () => {
    const dateFns = (text: string, pattern: string) => {
      const parsed = parse(text, pattern, new Date(2000, 0, 1));
      if (!isValid(parsed) || parsed.getFullYear() < 2000 || parsed.getFullYear() > 2100)
        return null;
      return format(parsed, /H/.test(pattern) ? "yyyy-MM-dd HH:mm:ss" : "yyyy-MM-dd");
    };
    const patterns = [
      "dd/MM/yyyy",
      "dd/MM/yyyy HH:mm",
      "yyyy.MM.dd HH:mm:ss",
      "yyyy/MM/dd",
      "yyyy-MM-dd HH:mm",
      "M/d/yyyy H:m:s",
      "yyyyMMdd",
      "d.M.yyyy",
      // Left to date-fns: month names, two-digit years, quoted text.
      "dd MMM yyyy",
      "dd/MM/yy",
      "yyyy'年'MM'月'dd'日'",
    ];
    const texts = [
      "03/11/2026",
      "3/1/2026",
      "03/11/2026 23:59",
      "03/11/2026 24:00",
      "03/11/2026 23:60",
      "31/04/2026",
      "29/02/2028",
      "29/02/2026",
      "00/11/2026",
      "03/13/2026",
      "2026.11.03 23:59:59",
      "2026.11.03 23:59:60",
      "2026/11/03",
      "2026/11/03 ",
      "2026/11/03x",
      "2026-11-03 09:05",
      "11/3/2026 9:5:7",
      "12/31/2026 23:59:59",
      "20261103",
      "2026113",
      "3.11.2026",
      "32.1.2026",
      "03 Nov 2026",
      "03/11/26",
      "2026年11月03日",
      "1999/12/31",
      "2101/01/01",
      "",
      "//",
    ];
    for (const pattern of patterns) {
      const read = dateReader(pattern);
      for (const text of texts)
        expect(read(text), `${pattern} ${text}`).toBe(dateFns(text, pattern));
    }
    // Every day of two years, in two of the brokers' patterns.
    for (let t = Date.UTC(2027, 0, 1); t < Date.UTC(2029, 0, 1); t += 86_400_000) {
      const day = new Date(t).toISOString().slice(0, 10);
      const [y, m, d] = day.split("-");
      expect(dateReader("dd/MM/yyyy HH:mm")(`${d}/${m}/${y} 13:45`)).toBe(`${day} 13:45:00`);
      expect(dateReader("yyyy.M.d")(`${y}.${Number(m)}.${Number(d)}`)).toBe(day);
    }
  });

  it("reads lots, or units over the divisor, exactly (hundred-millionths of a lot)", () => {
    expect(profileLots("1.5", 1, false)).toBe(150_000_000n);
    expect(profileLots("1.23456", 1, false)).toBe(123_456_000n);
    expect(profileLots("250000", 100_000, false)).toBe(250_000_000n);
    expect(profileLots("12,345", 100_000, false)).toBe(12_345_000n); // 0.12345 lot
    expect(profileLots("12.345", 100_000, true)).toBe(12_345_000n); // 12,345 units again
    expect(profileLots("1,050", 100_000, true)).toBe(1_050n); // 1.05 units
    expect(profileLots("150", 100_000, false)).toBe(150_000n); // 0.0015 lot
    // Past eight decimals the volume is rounded down, never up.
    expect(profileLots("1", 3, false)).toBe(33_333_333n);
    expect(profileLots("-1", 1, false)).toBe("negative");
    expect(profileLots("lots", 1, false)).toBeNull();
  });

  it("reads a commission to four decimals, with a decimal point or comma", () => {
    expect(profileDecimal("12.3456", 4, false)).toBe(123_456n);
    expect(profileDecimal("1,234.5", 4, false)).toBe(12_345_000n);
    expect(profileDecimal("1.234,56789", 4, true)).toBe(12_345_678n);
    expect(profileDecimal("abc", 4, false)).toBeNull();
  });

  it("finds columns by header name (any case) or position, and names those a header lacks", () => {
    const header = ["Ticket", "login", "Symbol", "Close Time", "Volume", "Commission"];
    expect(resolveColumns({ columns, hasHeader: true }, header)).toEqual({
      index: {
        account: 1,
        tradeDate: 3,
        volume: 4,
        commission: 5,
        symbol: -1,
        currency: -1,
        rowKey: -1,
      },
    });
    expect(headerMatches({ columns, hasHeader: true }, header)).toBe(true);
    expect(resolveColumns({ columns, hasHeader: true }, ["Login", "Volume"])).toEqual({
      missing: ["Close time", "Commission"],
    });
    expect(headerMatches({ columns, hasHeader: false }, header)).toBe(false);
  });
});
