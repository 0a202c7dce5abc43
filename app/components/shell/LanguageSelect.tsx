import LanguageIcon from "@heroicons/react/24/outline/LanguageIcon";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { SUPPORTED_LANGUAGES, toLanguage } from "#app/i18n";
import { useLanguageChoice } from "#app/lib/language";
import { focusRing } from "./styles";

/**
 * The ja/en selector. `compact` (the header) shows an icon and keeps the label for screen
 * readers only; the sidebar and drawers show the label.
 */
export function LanguageSelect({
  className = "",
  compact = false,
}: {
  className?: string;
  compact?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const choose = useLanguageChoice();
  const id = useId();
  return (
    <div className={`flex items-center gap-2 ${className}`}>
      {compact && (
        <LanguageIcon
          aria-hidden="true"
          className="h-5 w-5 shrink-0 text-slate-500 dark:text-slate-400"
        />
      )}
      <label
        htmlFor={id}
        className={
          compact ? "sr-only" : "whitespace-nowrap text-sm text-slate-600 dark:text-slate-300"
        }
      >
        {t("language.label")}
      </label>
      <select
        id={id}
        data-testid="language-select"
        value={i18n.language}
        onChange={(e) => {
          const lng = toLanguage(e.target.value);
          if (lng) choose(lng);
        }}
        className={`min-h-11 rounded-md border border-slate-300 bg-white py-1 pl-2 pr-8 text-sm text-slate-800 hover:border-slate-400 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 ${focusRing}`}
      >
        {SUPPORTED_LANGUAGES.map((lng) => (
          <option key={lng} value={lng} lang={lng}>
            {t(`language.${lng}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
