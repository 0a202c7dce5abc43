import { describe, expect, it } from "vitest";
import {
  headerMatches,
  profileDate,
  profileDecimal,
  profileLots,
  resolveColumns,
} from "../../server/domain/import-profile";

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

  it("reads lots, or units over the divisor, rounded down to the thousandth of a lot", () => {
    expect(profileLots("1.5", 1, false)).toBe(1_500);
    expect(profileLots("250000", 100_000, false)).toBe(2_500);
    expect(profileLots("1,050", 100_000, true)).toBe(0); // 1.05 units
    expect(profileLots("150", 100_000, false)).toBe(1); // 0.0015 lot
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
