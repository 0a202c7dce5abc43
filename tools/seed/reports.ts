import Encoding from "encoding-japanese";
import { MT_SERVER_ZONE, type ProfileInput, TOKYO_ZONE } from "#domain/import-profile";

/**
 * The demo brokers' IB reports, each in the broker's own shape: what the demo's
 * weekly imports read through the import profiles, and what the sample files under
 * tools/seed/reports/ hold (written by `npx tsx scripts/demo-reports.ts`). One writer per shape, so
 * the seed, the samples and their golden tests agree.
 *
 * - XM: Shift_JIS, Japanese headers, yyyy/MM/dd, lots, commission in yen;
 * - Exness: semicolon-separated, day-first dates with the time, decimal commas, a currency
 *   column, commission in dollars to the cent;
 * - Axi: UTF-8 with a BOM, commission in dollars to four decimals;
 * - TitanFX: tab-separated, volume in units (100,000 a lot), commission in yen, no row key.
 *
 * A broker without a shape here (Errante, BigBoss, a test's own) keeps the built-in shape, the
 * member's cashback given as the amount.
 */

/** One trade of a demo account as its broker's report lists it. */
export interface DemoTrade {
  /** YYYY-MM-DD. */
  tradeDate: string;
  brokerCode: string;
  accountNumber: string;
  /** Lots in thousandths. */
  lotsMilli: number;
  symbol: string;
  /** The broker's own number of the trade. */
  ticket: string;
  /** The close time as a report in the broker's server time writes it, where one does. */
  serverTime?: string;
}

/** A broker's report shape: the profile that reads it and the writer that makes it. */
export interface DemoShape {
  brokerCode: string;
  /**
   * The file's extension (the sample's and the weekly import's): "csv" for every shape, tabs
   * too, as brokers name their exports (and the upload form offers .csv files).
   */
  ext: "csv";
  /** The profile as an admin saves it (its broker is the one with `brokerCode`). */
  profile: Omit<ProfileInput, "brokerId">;
  /** The IB commission the broker pays a lot, in ten-thousandths of the profile's currency. */
  commissionPerLotX10000: bigint;
  /** Decimals the report writes the commission with. */
  places: number;
  /** The report's bytes for these trades (in the report's order). */
  write(trades: DemoTrade[]): Uint8Array;
}

/** The trade's IB commission in ten-thousandths, cut to the decimals the report writes. */
export function commissionOf(shape: DemoShape, lotsMilli: number): bigint {
  const unit = 10n ** BigInt(4 - shape.places);
  return ((BigInt(lotsMilli) * shape.commissionPerLotX10000) / 1000n / unit) * unit;
}

/** Ten-thousandths written with `places` decimals, with a decimal point or comma. */
function decimal(x10000: bigint, places: number, comma = false): string {
  const whole = x10000 / 10_000n;
  if (places === 0) return String(whole);
  const frac = (x10000 % 10_000n).toString().padStart(4, "0").slice(0, places);
  return `${whole}${comma ? "," : "."}${frac}`;
}

const lots = (lotsMilli: number, comma = false) => decimal(BigInt(lotsMilli) * 10n, 2, comma);
/** "YYYY-MM-DD" as its year, month and day. */
const partsOf = (day: string) => [day.slice(0, 4), day.slice(5, 7), day.slice(8, 10)] as const;
/** A time of day for the trade's close, the same for the same trade. */
const closeTime = (trade: DemoTrade) => {
  const n = Number(trade.ticket.slice(-4)) || 0;
  return `${String(8 + (n % 14)).padStart(2, "0")}:${String((n * 7) % 60).padStart(2, "0")}`;
};
const utf8 = (text: string) => new Uint8Array(Buffer.from(text, "utf8"));

const xm: DemoShape = {
  brokerCode: "xm",
  ext: "csv",
  profile: {
    name: "XM 日本語IBレポート",
    encoding: "shift_jis",
    delimiter: ",",
    hasHeader: true,
    columns: {
      account: "口座番号",
      tradeDate: "決済日",
      volume: "取引数量(ロット)",
      commission: "IB報酬(円)",
      symbol: "銘柄",
      currency: "",
      rowKey: "チケット番号",
    },
    dateFormat: "yyyy/MM/dd",
    volumeDivisor: 1,
    decimalComma: false,
    currency: "JPY",
    timeZone: TOKYO_ZONE,
  },
  commissionPerLotX10000: 2_133_0000n,
  places: 0,
  write(trades) {
    const lines = ["チケット番号,決済日,口座番号,銘柄,取引数量(ロット),IB報酬(円)"];
    for (const t of trades) {
      const [yyyy, mm, dd] = partsOf(t.tradeDate);
      const fee = decimal(commissionOf(xm, t.lotsMilli), 0);
      lines.push(
        [t.ticket, `${yyyy}/${mm}/${dd}`, t.accountNumber, t.symbol, lots(t.lotsMilli), fee].join(
          ",",
        ),
      );
    }
    const text = lines.join("\r\n") + "\r\n";
    return Uint8Array.from(
      Encoding.convert(Encoding.stringToCode(text), { to: "SJIS", from: "UNICODE" }),
    );
  },
};

const exness: DemoShape = {
  brokerCode: "exness",
  ext: "csv",
  profile: {
    name: "Exness IB report",
    encoding: "utf-8",
    delimiter: ";",
    hasHeader: true,
    columns: {
      account: "Client account",
      tradeDate: "Close time",
      volume: "Volume (lots)",
      commission: "Reward",
      symbol: "Instrument",
      currency: "Reward currency",
      rowKey: "Order",
    },
    dateFormat: "dd/MM/yyyy HH:mm",
    volumeDivisor: 1,
    decimalComma: true,
    currency: "USD",
    timeZone: TOKYO_ZONE,
  },
  commissionPerLotX10000: 10_6700n,
  places: 2,
  write(trades) {
    const lines = [
      "Order;Client account;Instrument;Close time;Volume (lots);Reward;Reward currency",
    ];
    for (const t of trades) {
      const [yyyy, mm, dd] = partsOf(t.tradeDate);
      const fee = decimal(commissionOf(exness, t.lotsMilli), 2, true);
      lines.push(
        [
          t.ticket,
          t.accountNumber,
          t.symbol,
          `${dd}/${mm}/${yyyy} ${closeTime(t)}`,
          lots(t.lotsMilli, true),
          fee,
          "USD",
        ].join(";"),
      );
    }
    return utf8(lines.join("\r\n") + "\r\n");
  },
};

const axi: DemoShape = {
  brokerCode: "axi",
  ext: "csv",
  profile: {
    name: "Axi IB commission (USD)",
    encoding: "utf-8",
    delimiter: ",",
    hasHeader: true,
    columns: {
      account: "Account",
      tradeDate: "Close Date",
      volume: "Lots",
      commission: "Commission USD",
      symbol: "Symbol",
      currency: "",
      rowKey: "Deal ID",
    },
    dateFormat: "yyyy-MM-dd HH:mm",
    volumeDivisor: 1,
    decimalComma: false,
    currency: "USD",
    timeZone: TOKYO_ZONE,
  },
  commissionPerLotX10000: 7_1234n,
  places: 4,
  write(trades) {
    const lines = ["Deal ID,Account,Symbol,Close Date,Lots,Commission USD"];
    for (const t of trades) {
      const fee = decimal(commissionOf(axi, t.lotsMilli), 4);
      lines.push(
        [
          t.ticket,
          t.accountNumber,
          t.symbol,
          `${t.tradeDate} ${closeTime(t)}`,
          lots(t.lotsMilli),
          fee,
        ].join(","),
      );
    }
    // Exported with a byte order mark, as spreadsheet tools write UTF-8.
    return utf8("\uFEFF" + lines.join("\n") + "\n");
  },
};

const titanfx: DemoShape = {
  brokerCode: "titanfx",
  ext: "csv",
  profile: {
    name: "TitanFX volume in units",
    encoding: "utf-8",
    delimiter: "\t",
    hasHeader: true,
    columns: {
      account: "Client ID",
      tradeDate: "Trade Date",
      volume: "Volume (units)",
      commission: "Commission (JPY)",
      symbol: "Instrument",
      currency: "",
      rowKey: "",
    },
    dateFormat: "yyyy.MM.dd",
    volumeDivisor: 100_000,
    decimalComma: false,
    currency: "JPY",
    timeZone: TOKYO_ZONE,
  },
  commissionPerLotX10000: 1_600_0000n,
  places: 0,
  write(trades) {
    const lines = ["Client ID\tTrade Date\tInstrument\tVolume (units)\tCommission (JPY)"];
    for (const t of trades) {
      const day = t.tradeDate.replace(/-/g, ".");
      const units = String(t.lotsMilli * 100);
      const fee = decimal(commissionOf(titanfx, t.lotsMilli), 0);
      lines.push([t.accountNumber, day, t.symbol, units, fee].join("\t"));
    }
    return utf8(lines.join("\n") + "\n");
  },
};

/**
 * Axi's report in MT server time (GMT+2, GMT+3 while the US keeps daylight saving), as MT4/MT5
 * brokers deliver it: a time near midnight there is the next morning in Tokyo. Its own header,
 * so the header picks this profile and not the Tokyo one.
 */
export const axiServerTime: DemoShape = {
  brokerCode: "axi",
  ext: "csv",
  profile: {
    ...axi.profile,
    name: "Axi IB commission, MT server time",
    columns: { ...axi.profile.columns, tradeDate: "Close Time (server)" },
    dateFormat: "yyyy.MM.dd HH:mm:ss",
    timeZone: MT_SERVER_ZONE,
  },
  commissionPerLotX10000: axi.commissionPerLotX10000,
  places: 4,
  write(trades) {
    const lines = ["Deal ID,Account,Symbol,Close Time (server),Lots,Commission USD"];
    for (const t of trades) {
      const fee = decimal(commissionOf(axi, t.lotsMilli), 4);
      const time = t.serverTime ?? `${t.tradeDate.replace(/-/g, ".")} ${closeTime(t)}:00`;
      lines.push([t.ticket, t.accountNumber, t.symbol, time, lots(t.lotsMilli), fee].join(","));
    }
    return utf8(lines.join("\n") + "\n");
  },
};

/** A TitanFX trade with no ticket: its sample holds it twice, and both rows are paid. */
const IDENTICAL_TRADE: DemoTrade = {
  tradeDate: "2026-11-24",
  brokerCode: "titanfx",
  accountNumber: "8765432",
  lotsMilli: 1_000,
  symbol: "USDJPY",
  ticket: "",
};

/**
 * Sample files beyond each shape's week (tools/seed/reports/), for what an operator meets:
 * TitanFX's report holding two identical trades (no ticket: two equal rows are two trades,
 * both paid), and Axi's in MT server time with trades just before the server's midnight.
 */
export const EXTRA_SAMPLES: readonly { fileName: string; shape: DemoShape; trades: DemoTrade[] }[] =
  [
    {
      fileName: "titanfx-identical-trades.csv",
      shape: titanfx,
      trades: [
        IDENTICAL_TRADE,
        IDENTICAL_TRADE,
        { ...IDENTICAL_TRADE, lotsMilli: 2_250, symbol: "XAUUSD" },
      ],
    },
    {
      fileName: "axi-server-time.csv",
      shape: axiServerTime,
      trades: [
        // 23:30 server time (GMT+2 in November) is 06:30 the next day in Tokyo.
        {
          tradeDate: "2026-11-24",
          serverTime: "2026.11.24 23:30:00",
          brokerCode: "axi",
          accountNumber: "765432",
          lotsMilli: 1_500,
          symbol: "EURUSD",
          ticket: "AX-26112401",
        },
        // 16:59 server time is 23:59 the same day in Tokyo.
        {
          tradeDate: "2026-11-25",
          serverTime: "2026.11.25 16:59:00",
          brokerCode: "axi",
          accountNumber: "765432",
          lotsMilli: 500,
          symbol: "USDJPY",
          ticket: "AX-26112502",
        },
      ],
    },
  ];

/** The demo brokers' shapes, by broker code. */
export const DEMO_SHAPES: ReadonlyMap<string, DemoShape> = new Map(
  [xm, exness, axi, titanfx].map((s) => [s.brokerCode, s]),
);

/**
 * The sample report shipped per shape (tools/seed/reports/<broker>.<ext>): one week of the demo
 * accounts at that broker (the seed's member, friend and eight-figure member, typed as the
 * seed types them) and one account the site does not know, so a preview shows matched and
 * unmatched rows. What an admin tries on /admin/update, and what the golden tests import.
 */
export const SAMPLE_ACCOUNTS: Record<string, string[]> = {
  xm: ["123456", "223456", "323456", "900001"],
  exness: ["EX12AB34", "EX90ZZ01"],
  axi: ["765432", "654321"],
  titanfx: ["8765432", "7654321"],
};

/** The sample week's trades at a broker: each account on two days of 16–20 November 2026. */
export function sampleTrades(brokerCode: string): DemoTrade[] {
  const trades: DemoTrade[] = [];
  for (const [a, accountNumber] of (SAMPLE_ACCOUNTS[brokerCode] ?? []).entries()) {
    for (const [k, day] of ["2026-11-16", "2026-11-19"].entries()) {
      trades.push({
        tradeDate: day,
        brokerCode,
        accountNumber,
        lotsMilli: 500 + ((a * 5 + k * 3) % 8) * 750,
        symbol: SYMBOLS[(a + k) % SYMBOLS.length]!,
        ticket: ticketOf(day, a),
      });
    }
  }
  return trades.sort((x, y) => x.tradeDate.localeCompare(y.tradeDate));
}

export const SYMBOLS = ["USDJPY", "EURUSD", "GBPJPY", "XAUUSD"] as const;

/** The broker's number of an account's trade on a day: unique per account and day. */
export function ticketOf(day: string, accountIndex: number): string {
  return `${day.replace(/-/g, "")}${String(accountIndex + 1).padStart(2, "0")}`;
}

/** The sample file's name under tools/seed/reports/. */
export function sampleFileName(shape: DemoShape): string {
  return `${shape.brokerCode}.${shape.ext}`;
}
