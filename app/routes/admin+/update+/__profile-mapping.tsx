import { useTranslation } from "react-i18next";
import { card } from "#app/components/ui/card";
import { type ImportProfile, PROFILE_COLUMNS } from "#domain/import-profile";

/**
 * How a batch's file was read: the profile as it was at upload, which column
 * gave each value, the encoding, delimiter, date format and units per lot; or the built-in
 * shape (amount given).
 */
export function ProfileMapping({ profile }: { profile: ImportProfile | null }) {
  const { t } = useTranslation("cashback");
  const term = "text-slate-500 dark:text-slate-400";
  return (
    <section
      aria-labelledby="batch-mapping"
      className={`${card} space-y-2 p-4 text-sm`}
      data-testid="batch-mapping"
    >
      <h2 id="batch-mapping" className="text-base font-semibold">
        {t("batch.mapping.title")}
      </h2>
      {profile === null ? (
        <p data-testid="mapping-builtin">{t("batch.mapping.builtin")}</p>
      ) : (
        <dl className="grid gap-x-6 gap-y-1 sm:grid-cols-[auto_1fr]">
          <dt className={term}>{t("batch.mapping.profile")}</dt>
          <dd className="font-medium [overflow-wrap:anywhere]" data-testid="mapping-profile">
            {profile.name}
          </dd>
          <dt className={term}>{t("batch.mapping.encoding")}</dt>
          <dd>{t(`profiles.encodings.${profile.encoding}`)}</dd>
          <dt className={term}>{t("batch.mapping.delimiter")}</dt>
          <dd>
            {t(`profiles.delimiters.${profile.delimiter === "\t" ? "tab" : profile.delimiter}`)}
          </dd>
          <dt className={term}>{t("batch.mapping.header")}</dt>
          <dd>{profile.hasHeader ? t("batch.mapping.headerYes") : t("batch.mapping.headerNo")}</dd>
          <dt className={term}>{t("batch.mapping.columns")}</dt>
          <dd>
            <ul data-testid="mapping-columns">
              {PROFILE_COLUMNS.filter((c) => profile.columns[c]).map((c) => (
                <li key={c} className="[overflow-wrap:anywhere]">
                  {t("batch.mapping.column", {
                    value: t(`batch.mapping.values.${c}`),
                    ref: profile.columns[c],
                  })}
                </li>
              ))}
            </ul>
          </dd>
          <dt className={term}>{t("batch.mapping.dateFormat")}</dt>
          <dd className="font-mono" data-testid="mapping-date-format">
            {profile.dateFormat}
          </dd>
          <dt className={term}>{t("batch.mapping.volumeDivisor")}</dt>
          <dd className="tabular-nums" data-testid="mapping-divisor">
            {profile.volumeDivisor.toLocaleString("en-US")}
          </dd>
          <dt className={term}>{t("batch.mapping.decimalComma")}</dt>
          <dd>
            {profile.decimalComma
              ? t("batch.mapping.decimalCommaYes")
              : t("batch.mapping.decimalCommaNo")}
          </dd>
          <dt className={term}>{t("batch.mapping.currency")}</dt>
          <dd>
            {profile.columns.currency
              ? t("batch.mapping.currencyColumn", { ref: profile.columns.currency })
              : profile.currency}
          </dd>
        </dl>
      )}
    </section>
  );
}
