/** The columns of the Exness IB report as its header names them ("" for a value it lacks). */
export const EXNESS_COLUMNS = {
  account: "Login",
  tradeDate: "Close time",
  volume: "Volume",
  commission: "Commission",
  symbol: "Symbol",
  currency: "",
  rowKey: "Ticket",
};

/**
 * An import profile for the Exness IB report as the admin's form sends it: semicolons, a
 * header, day-first dates with a time, volume in units (100,000 a lot), decimal commas, USD.
 */
export const exnessProfileForm = (brokerId: string, overrides: Record<string, unknown> = {}) => ({
  name: "Exness IB report",
  brokerId,
  encoding: "utf-8" as "utf-8" | "shift_jis",
  delimiter: ";",
  hasHeader: true,
  columns: EXNESS_COLUMNS,
  dateFormat: "dd/MM/yyyy HH:mm",
  volumeDivisor: "100000",
  decimalComma: true,
  currency: "USD" as "USD" | "JPY",
  ...overrides,
});
