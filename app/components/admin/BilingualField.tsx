import { useTranslation } from "react-i18next";
import { Field, TextAreaField } from "#app/components/ui/form";
import type { BilingualProps } from "./EntityForm";

/**
 * One admin-written text in both languages: the Japanese, required where the
 * record's schema says so, and the optional English, side by side from the small breakpoint up and
 * stacked on a phone. Each side takes its limits from the form's schema. `rows` makes them text
 * areas.
 */
export function BilingualField({
  field,
  rows,
  hint,
}: {
  /** From `useEntityFields().bilingual(name)`. */
  field: BilingualProps;
  rows?: number;
  /** A hint for the Japanese field (the English one says it may be left empty). */
  hint?: string;
}) {
  const { t } = useTranslation("common");
  const control = (side: BilingualProps["ja"], extra: { hint?: string; lang?: string }) =>
    rows ? <TextAreaField {...side} {...extra} rows={rows} /> : <Field {...side} {...extra} />;
  return (
    <div
      className="grid gap-4 sm:col-span-2 sm:grid-cols-2"
      data-testid={`bilingual-${field.ja.name}`}
    >
      {control(field.ja, { hint })}
      {control(field.en, { lang: "en", hint: t("content.englishHint") })}
    </div>
  );
}
