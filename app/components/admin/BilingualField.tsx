import { useTranslation } from "react-i18next";
import { Field, TextAreaField } from "~/components/ui/form";
import type { BilingualProps } from "./EntityForm";

/**
 * One admin-written text in both languages (decision 024): the Japanese, required where the
 * record needs it, and the optional English, side by side from the small breakpoint up and
 * stacked on a phone. Both take the same limit. `rows` makes them text areas.
 */
export function BilingualField({
  field,
  maxLength,
  required = false,
  rows,
  hint,
}: {
  /** From `useEntityFields().bilingual(name)`. */
  field: BilingualProps;
  maxLength: number;
  required?: boolean;
  rows?: number;
  /** A hint for the Japanese field (the English one says it may be left empty). */
  hint?: string;
}) {
  const { t } = useTranslation("common");
  const control = (
    side: BilingualProps["ja"],
    extra: { required?: boolean; hint?: string; lang?: string },
  ) =>
    rows ? (
      <TextAreaField {...side} {...extra} rows={rows} maxLength={maxLength} />
    ) : (
      <Field {...side} {...extra} maxLength={maxLength} />
    );
  return (
    <div
      className="grid gap-4 sm:col-span-2 sm:grid-cols-2"
      data-testid={`bilingual-${field.ja.name}`}
    >
      {control(field.ja, { required, hint })}
      {control(field.en, { lang: "en", hint: t("content.englishHint") })}
    </div>
  );
}
