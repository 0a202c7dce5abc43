import { useTranslation } from "react-i18next";
import type { RateKindName } from "#domain/broker-terms";
import { RateApplied } from "#app/components/brokers/rates";
import { formatDay } from "#app/lib/format";
import { formatAmount, formatYen } from "#app/lib/money";

/** What an imported or credited row was priced from, as its columns carry it. */
export interface RowPriceFields {
  rateKind: string | null;
  rateX100: number | null;
  rateType: string | null;
  rateSource: string | null;
  rateFrom: string | null;
  /** The IB commission as reported, in its own currency. */
  commission: string | null;
  currency: string | null;
  commissionYen: number | null;
  margin: number | null;
}

/**
 * A row's price in one cell: the rate applied with the account type (or the broker's default
 * type), the rate card's version, the IB commission as reported and in yen, and what the
 * operator keeps. An operator checks a row's yen here, never in the database.
 */
export function RowPrice({ row }: { row: RowPriceFields }) {
  const { t } = useTranslation("cashback");
  if (row.rateKind === null || row.rateX100 === null) {
    return <span className="text-xs text-slate-600 dark:text-slate-300">—</span>;
  }
  return (
    <span className="block min-w-40 space-y-0.5 text-xs" data-testid="row-price">
      <RateApplied
        rate={{
          accountType: row.rateType ?? "",
          kind: row.rateKind as RateKindName,
          valueX100: row.rateX100,
          source: row.rateSource === "default_type" ? "default_type" : "account_type",
        }}
      />
      {row.rateFrom && (
        <span className="block text-slate-600 dark:text-slate-300">
          {t("price.version", { date: formatDay(row.rateFrom) })}
        </span>
      )}
      {row.commission !== null && row.commissionYen !== null && (
        <span className="block tabular-nums" data-testid="row-commission">
          {row.currency === "JPY"
            ? t("price.commissionYen", { yen: formatYen(row.commissionYen) })
            : t("price.commission", {
                amount: formatAmount(row.commission, row.currency),
                yen: formatYen(row.commissionYen),
              })}
        </span>
      )}
      {row.margin !== null && (
        <span className="block tabular-nums text-slate-600 dark:text-slate-300">
          {t("price.margin", { amount: formatYen(row.margin) })}
        </span>
      )}
    </span>
  );
}

/** A table column with a row's symbol over its price, for every list of priced rows. */
export function priceColumn<R extends RowPriceFields & { symbol: string | null }>(header: string) {
  return {
    key: "price",
    header,
    cell: (r: R) => (
      <span className="block space-y-0.5">
        {r.symbol && <span className="block text-xs font-medium">{r.symbol}</span>}
        <RowPrice row={r} />
      </span>
    ),
  };
}

/** The trade's Tokyo time, and the time as the report wrote it when that was another zone. */
export function TradeTime({
  tradeDate,
  tradedAt,
  reportedAt,
}: {
  tradeDate: string | null;
  tradedAt: string | null;
  reportedAt: string | null;
}) {
  const { t } = useTranslation("cashback");
  if (!tradeDate) return <>—</>;
  return (
    <span className="block space-y-0.5">
      <span className="block whitespace-nowrap tabular-nums">
        {tradedAt
          ? `${formatDay(tradedAt.slice(0, 10))} ${tradedAt.slice(11, 16)}`
          : formatDay(tradeDate)}
      </span>
      {reportedAt && (
        <span
          className="block whitespace-nowrap text-xs text-slate-600 dark:text-slate-300"
          data-testid="reported-at"
        >
          {t("price.reportedAt", { time: reportedAt })}
        </span>
      )}
    </span>
  );
}
