import { format as formatDate, isValid, parse as parseDate } from "date-fns";
import * as z from "zod";
import { checkbox } from "./fields";
import { LOT_PLACES } from "./pricing";

/**
 * How to read one broker's own report: its encoding and delimiter, where each
 * value is (a header name, or a position "#3" counted from 1), the trade date's format, the
 * volume's unit, the IB commission and its currency. A row read by a profile has no amount: it
 * is priced from the rate card in force on its trade date. Pure: the admin form,
 * its preview and the import share these rules. Messages are keys under errors:field.
 */

export const PROFILE_ENCODINGS = ["utf-8", "shift_jis"] as const;
export const PROFILE_DELIMITERS = [",", ";", "\t"] as const;
export const PROFILE_CURRENCIES = ["JPY", "USD"] as const;

/** The values a profile locates in a report row; symbol, currency and row key are optional. */
export const PROFILE_COLUMNS = [
  "account",
  "tradeDate",
  "volume",
  "commission",
  "symbol",
  "currency",
  "rowKey",
] as const;
export type ProfileColumn = (typeof PROFILE_COLUMNS)[number];
const REQUIRED_COLUMNS: ProfileColumn[] = ["account", "tradeDate", "volume", "commission"];

export interface ImportProfile {
  id: string;
  name: string;
  brokerId: string;
  /** The broker's code: what rows read by the profile name as their broker. */
  brokerCode: string;
  encoding: (typeof PROFILE_ENCODINGS)[number];
  delimiter: (typeof PROFILE_DELIMITERS)[number];
  /** Whether the first row is a header (names are matched there; positions need none). */
  hasHeader: boolean;
  columns: Record<ProfileColumn, string | null>;
  /** date-fns pattern of the trade date ("dd/MM/yyyy", "yyyy.MM.dd HH:mm"). */
  dateFormat: string;
  /** Units per lot: 1 when the volume is in lots, 100000 for units of a standard lot. */
  volumeDivisor: number;
  /** "," when the report writes decimals as 12,50 (then thousands are never grouped). */
  decimalComma: boolean;
  /** The commission's currency when the report has no currency column. */
  currency: (typeof PROFILE_CURRENCIES)[number];
  /** The zone the report's times are written in (see `tradeTime`); profiles before it: Tokyo. */
  timeZone?: string;
}

/** Largest units per lot a profile may give (a standard lot is 100,000 units). */
export const MAX_DIVISOR = 100_000_000;

const columnRef = z
  .string()
  .trim()
  .max(100, "tooLong")
  .refine((v) => !/^#/.test(v) || /^#[1-9]\d{0,2}$/.test(v), "profileColumn");

/** The admin's profile form, parsed once (the procedure's input). */
export const profileFields = z
  .object({
    name: z.string().trim().min(1, "required").max(100, "tooLong"),
    brokerId: z.string().trim().min(1, "required").max(26),
    encoding: z.enum(PROFILE_ENCODINGS, { error: "required" }),
    delimiter: z
      .string()
      .transform((v) => (v === "tab" ? "\t" : v))
      .pipe(z.enum(PROFILE_DELIMITERS, { error: "required" })),
    hasHeader: checkbox,
    columns: z.object(
      Object.fromEntries(PROFILE_COLUMNS.map((c) => [c, columnRef])) as Record<
        ProfileColumn,
        typeof columnRef
      >,
    ),
    dateFormat: z
      .string()
      .trim()
      .min(1, "required")
      .max(40, "tooLong")
      .refine((v) => /y/.test(v) && /M/.test(v) && /d/.test(v), "profileDateFormat"),
    volumeDivisor: z
      .string()
      .trim()
      .regex(/^\d{1,9}$/, "profileDivisor")
      .transform(Number)
      .refine((v) => v >= 1 && v <= MAX_DIVISOR, "profileDivisor"),
    decimalComma: checkbox,
    currency: z.enum(PROFILE_CURRENCIES, { error: "required" }),
    timeZone: z
      .string()
      .trim()
      .max(64, "tooLong")
      .optional()
      .transform((v) => v || TOKYO_ZONE)
      .refine(isReportZone, "profileTimeZone"),
  })
  .superRefine((v, ctx) => {
    for (const c of REQUIRED_COLUMNS) {
      if (!v.columns[c])
        ctx.addIssue({ code: "custom", path: ["columns", c], message: "required" });
    }
    if (!v.hasHeader) {
      for (const c of PROFILE_COLUMNS) {
        const ref = v.columns[c];
        if (ref && !ref.startsWith("#"))
          ctx.addIssue({ code: "custom", path: ["columns", c], message: "profilePosition" });
      }
    }
  });
export type ProfileInput = z.output<typeof profileFields>;

const normalize = (h: string) => h.trim().toLowerCase();

/**
 * Each column's index in the report's records, from the header (names) or the positions, or
 * the columns a header lacks. Optional columns left blank are -1.
 */
export function resolveColumns(
  profile: Pick<ImportProfile, "columns" | "hasHeader">,
  header: string[] | null,
): { index: Record<ProfileColumn, number> } | { missing: string[] } {
  const names = header?.map(normalize) ?? [];
  const index = {} as Record<ProfileColumn, number>;
  const missing: string[] = [];
  for (const c of PROFILE_COLUMNS) {
    const ref = profile.columns[c];
    if (!ref) index[c] = -1;
    else if (ref.startsWith("#")) index[c] = Number(ref.slice(1)) - 1;
    else {
      index[c] = names.indexOf(normalize(ref));
      if (index[c] < 0) missing.push(ref);
    }
  }
  return missing.length ? { missing } : { index };
}

/** Whether a header has every column the profile names (positions always fit). */
export function headerMatches(
  profile: Pick<ImportProfile, "columns" | "hasHeader">,
  header: string[],
): boolean {
  return profile.hasHeader && "index" in resolveColumns(profile, header);
}

/** A decimal as the profile writes it, scaled to `places` decimals; null when it is not one. */
export function profileDecimal(
  text: string,
  places: number,
  decimalComma: boolean,
): bigint | "negative" | null {
  let t = text.trim().replace(/\s/g, "");
  t = decimalComma ? t.replace(/\./g, "").replace(",", ".") : t.replace(/,/g, "");
  if (/^-\d/.test(t)) return "negative";
  const m = /^(\d{1,15})(?:\.(\d+))?$/.exec(t);
  if (!m) return null;
  const frac = (m[2] ?? "").slice(0, places).padEnd(places, "0");
  // Decimals beyond the unit are dropped (rounded down), never rounded up.
  return BigInt(m[1]!) * 10n ** BigInt(places) + BigInt(frac || "0");
}

/** The trade date in the profile's format, as YYYY-MM-DD; null when it does not parse. */
export function profileDate(text: string, dateFormat: string): string | null {
  return profileLocalTime(text, dateFormat)?.slice(0, 10) ?? null;
}

/**
 * The trade date and time as written, "YYYY-MM-DD" or, when the format has a time of day,
 * "YYYY-MM-DD HH:mm:ss"; null when it does not parse.
 */
export function profileLocalTime(text: string, dateFormat: string): string | null {
  let read = dateReaders.get(dateFormat);
  if (!read) {
    read = dateReader(dateFormat);
    if (dateReaders.size >= 100) dateReaders.clear();
    dateReaders.set(dateFormat, read);
  }
  return read(text.trim());
}

const dateReaders = new Map<string, (text: string) => string | null>();

/** An example of a date format, for the refusal of a value that does not fit it. */
export function dateExample(dateFormat: string): string {
  try {
    return formatDate(new Date(2026, 10, 29, 21, 30, 5), dateFormat);
  } catch {
    return dateFormat;
  }
}

/** date-fns `parse`, for patterns the fast reader below does not cover. */
function dateFnsReader(dateFormat: string) {
  const timed = /[Hhk]/.test(dateFormat.replace(/'[^']*'/g, ""));
  return (text: string) => {
    const parsed = parseDate(text, dateFormat, new Date(2000, 0, 1));
    if (!isValid(parsed)) return null;
    const y = parsed.getFullYear();
    if (y < 2000 || y > 2100) return null;
    return formatDate(parsed, timed ? "yyyy-MM-dd HH:mm:ss" : "yyyy-MM-dd");
  };
}

/**
 * How date-fns `parse` reads each numeric token (its numericPatterns): the two-letter ones
 * take one or two digits, "yyyy" one to four, the one-letter ones their own ranges.
 */
const NUMERIC: Record<string, [unit: "y" | "M" | "d" | "H" | "m" | "s", pattern: RegExp]> = {
  yyyy: ["y", /\d{1,4}/y],
  MM: ["M", /\d{1,2}/y],
  M: ["M", /1[0-2]|0?\d/y],
  dd: ["d", /\d{1,2}/y],
  d: ["d", /3[0-1]|[0-2]?\d/y],
  HH: ["H", /\d{1,2}/y],
  H: ["H", /2[0-3]|[0-1]?\d/y],
  mm: ["m", /\d{1,2}/y],
  m: ["m", /[0-5]?\d/y],
  ss: ["s", /\d{1,2}/y],
  s: ["s", /[0-5]?\d/y],
};

/**
 * A reader of one date pattern that gives exactly what date-fns `parse` gives, without its
 * per-call cost (it was a third of a profile's parse): the brokers' patterns
 * (yyyy, MM, dd, HH, mm, ss and their one-letter forms, between literal separators) are read
 * token by token as date-fns reads them (each number greedy, no backtracking, literals exact,
 * only whitespace after), then checked as it checks them (a real day of that month, a time of
 * day). Any other pattern (names of months, quoted text, two-digit years) is left to date-fns.
 */
export function dateReader(dateFormat: string): (text: string) => string | null {
  const tokens = dateFormat.match(/yyyy|MM|M|dd|d|HH|H|mm|m|ss|s|[^A-Za-z']+|./g) ?? [];
  const units = tokens.filter((t) => t in NUMERIC).map((t) => NUMERIC[t]![0]);
  const simple =
    tokens.every((t) => t in NUMERIC || /^[^A-Za-z']+$/.test(t)) &&
    new Set(units).size === units.length &&
    ["y", "M", "d"].every((u) => units.includes(u as "y"));
  if (!simple) return dateFnsReader(dateFormat);
  const timed = units.includes("H");
  const two = (n: number) => String(n).padStart(2, "0");
  return (text) => {
    const v = { y: 0, M: 0, d: 0, H: 0, m: 0, s: 0 };
    let at = 0;
    for (const token of tokens) {
      const numeric = NUMERIC[token];
      if (!numeric) {
        if (!text.startsWith(token, at)) return null;
        at += token.length;
        continue;
      }
      const [unit, pattern] = numeric;
      pattern.lastIndex = at;
      const found = pattern.exec(text);
      if (!found) return null;
      v[unit] = Number(found[0]);
      at += found[0].length;
    }
    if (/\S/.test(text.slice(at))) return null;
    if (v.y < 2000 || v.y > 2100 || v.M < 1 || v.M > 12 || v.d < 1) return null;
    if (v.d > new Date(Date.UTC(v.y, v.M, 0)).getUTCDate()) return null;
    if (v.H > 23 || v.m > 59 || v.s > 59) return null;
    const day = `${v.y}-${two(v.M)}-${two(v.d)}`;
    return timed ? `${day} ${two(v.H)}:${two(v.m)}:${two(v.s)}` : day;
  };
}

/** Japan keeps no daylight saving: Tokyo is always UTC+9. */
export const TOKYO_ZONE = "Asia/Tokyo";
const TOKYO_OFFSET_MS = 9 * 3_600_000;
/**
 * MetaTrader brokers' server time: GMT+2, and GMT+3 while the United States keep daylight
 * saving (so that the week's market close falls at midnight server time all year).
 */
export const MT_SERVER_ZONE = "MT";
const FIXED_OFFSET = /^([+-])(\d{2}):(\d{2})$/;

/** A zone a profile may state: Tokyo, the MT server preset, a fixed offset or an IANA zone. */
export function isReportZone(zone: string): boolean {
  if (zone === TOKYO_ZONE || zone === MT_SERVER_ZONE) return true;
  const fixed = FIXED_OFFSET.exec(zone);
  if (fixed) return Number(fixed[2]) <= 14 && Number(fixed[3]) < 60;
  if (!/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset from UTC in ms at a UTC instant (whole seconds). */
function zoneOffsetAt(zone: string, utcMs: number): number {
  let format = zoneFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    zoneFormats.set(zone, format);
  }
  const p = Object.fromEntries(format.formatToParts(utcMs).map((x) => [x.type, x.value]));
  const wall = Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!, +p.second!);
  return wall - (utcMs - (utcMs % 1000));
}

const wallOffsets = new Map<string, number>();

/** The offset (ms) of a wall-clock time in `zone`, cached per zone and hour of the wall clock. */
function offsetOfWall(zone: string, wallMs: number): number {
  const key = `${zone}|${Math.floor(wallMs / 3_600_000)}`;
  const known = wallOffsets.get(key);
  if (known !== undefined) return known;
  let offset: number;
  const fixed = FIXED_OFFSET.exec(zone);
  if (fixed) {
    offset = (fixed[1] === "-" ? -1 : 1) * (Number(fixed[2]) * 60 + Number(fixed[3])) * 60_000;
  } else if (zone === MT_SERVER_ZONE) {
    // New York's daylight saving at the instant the winter offset gives.
    const ny = zoneOffsetAt("America/New_York", wallMs - 2 * 3_600_000);
    offset = (ny === -4 * 3_600_000 ? 3 : 2) * 3_600_000;
  } else {
    // The offset at the instant the wall time would be in UTC, then once more from there.
    const first = zoneOffsetAt(zone, wallMs);
    offset = zoneOffsetAt(zone, wallMs - first);
  }
  if (wallOffsets.size >= 10_000) wallOffsets.clear();
  wallOffsets.set(key, offset);
  return offset;
}

/**
 * A trade's time as the report wrote it (`profileLocalTime`) in Tokyo time: the day the row is
 * priced, credited and counted on, and the time ("YYYY-MM-DD HH:mm:ss"; null when the report
 * gives a day without a time, which is then taken as the broker's day).
 */
export function tradeTime(local: string, zone: string): { day: string; at: string | null } {
  if (local.length <= 10) return { day: local, at: null };
  if (zone === TOKYO_ZONE) return { day: local.slice(0, 10), at: local };
  const wall = Date.UTC(
    Number(local.slice(0, 4)),
    Number(local.slice(5, 7)) - 1,
    Number(local.slice(8, 10)),
    Number(local.slice(11, 13)),
    Number(local.slice(14, 16)),
    Number(local.slice(17, 19)),
  );
  const at = new Date(wall - offsetOfWall(zone, wall) + TOKYO_OFFSET_MS)
    .toISOString()
    .slice(0, 19)
    .replace("T", " ");
  return { day: at.slice(0, 10), at };
}

/**
 * Lots from the report's volume, exact to LOT_PLACES decimals (hundred-millionths): lots as
 * given, or units over the divisor. Nothing is rounded unless the broker writes more decimals
 * than that (or a divisor leaves a remainder there): then it is rounded down, never up.
 */
export function profileLots(
  text: string,
  divisor: number,
  decimalComma: boolean,
): bigint | "negative" | null {
  const units = profileDecimal(text, LOT_PLACES, decimalComma);
  if (units === null || units === "negative") return units;
  return units / BigInt(divisor);
}
