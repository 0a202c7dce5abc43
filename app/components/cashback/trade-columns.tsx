import type { ReactNode } from "react";
import type { Column } from "#app/components/table/DataTable";
import { figureColumn } from "#app/components/table/columns";
import { formatLots } from "./months";

interface TradeRow {
  brokerName: string;
  accountNumber: string;
  lotsMilli: number;
}

/** The trade a cashback row is for: its broker, trading account and lots, in every list of them. */
export function tradeColumns<R extends TradeRow>(headers: {
  broker: ReactNode;
  account: ReactNode;
  lots: ReactNode;
}): Column<R>[] {
  return [
    { key: "broker", header: headers.broker, cell: (r) => r.brokerName },
    {
      key: "account",
      header: headers.account,
      nowrap: true,
      cell: (r) => <span className="tabular-nums">{r.accountNumber}</span>,
    },
    figureColumn("lots", headers.lots, { nowrap: true, value: (r: R) => formatLots(r.lotsMilli) }),
  ];
}
