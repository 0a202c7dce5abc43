import { useTranslation } from "react-i18next";
import { formatDateTime } from "#app/lib/format";
import { formatYen } from "#app/lib/money";

/** An item reward's rule: a fixed period and/or a number of days from the draw. */
export function ValidityRule({
  validFrom,
  validUntil,
  validDays,
}: {
  validFrom: string | null;
  validUntil: string | null;
  validDays: number | null;
}) {
  const { t } = useTranslation("gacha");
  const parts: string[] = [];
  if (validDays) parts.push(t("validity.days", { count: validDays }));
  if (validFrom) parts.push(t("validity.from", { date: formatDateTime(validFrom) }));
  if (validUntil) parts.push(t("validity.until", { date: formatDateTime(validUntil) }));
  return <>{parts.length ? parts.join(t("validity.separator")) : t("validity.noExpiry")}</>;
}

/** A won item's actual period. */
export function ValidityPeriod({
  validFrom,
  validUntil,
}: {
  validFrom: string | null;
  validUntil: string | null;
}) {
  const { t } = useTranslation("gacha");
  if (!validFrom && !validUntil) return <span className="text-slate-400">—</span>;
  return (
    <span className="block whitespace-nowrap" data-testid="validity">
      <span className="block">{formatDateTime(validFrom)}</span>
      <span className="block text-xs text-slate-500 dark:text-slate-400">
        {validUntil
          ? t("validity.untilShort", { date: formatDateTime(validUntil) })
          : t("validity.noExpiry")}
      </span>
    </span>
  );
}

/** A reward's kind, with its cash amount or its item validity rule beneath. */
export function RewardKindDetail({
  reward: r,
}: {
  reward: {
    kind: string;
    amount: number | null;
    validFrom: string | null;
    validUntil: string | null;
    validDays: number | null;
  };
}) {
  const { t } = useTranslation("gacha");
  return (
    <>
      <span className="block">{t(`kind.${r.kind}`)}</span>
      <span className="block text-xs text-slate-500 dark:text-slate-400">
        {r.kind === "cash" && r.amount !== null ? (
          formatYen(r.amount)
        ) : r.kind === "item" ? (
          <ValidityRule validFrom={r.validFrom} validUntil={r.validUntil} validDays={r.validDays} />
        ) : null}
      </span>
    </>
  );
}

/** A reward's chance as the fraction it is ("1 in 1,000" style), muted under its percentage. */
export function OddsFraction({ odds }: { odds: { numerator: number; denominator: number } }) {
  const { t } = useTranslation("gacha");
  return (
    <span className="block text-xs text-slate-500 dark:text-slate-400">
      {t("detail.fraction", {
        n: odds.numerator.toLocaleString("en"),
        d: odds.denominator.toLocaleString("en"),
      })}
    </span>
  );
}
