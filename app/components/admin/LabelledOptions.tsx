import { useTranslation } from "react-i18next";

/** A select's options, one a value, each labelled by its text at `${labels}.${value}`. */
export function LabelledOptions({ values, labels }: { values: readonly string[]; labels: string }) {
  const { t } = useTranslation();
  return values.map((value) => (
    <option key={value} value={value}>
      {t(`${labels}.${value}`)}
    </option>
  ));
}
