import { useId } from "react";
import { useTranslation } from "react-i18next";
import { SUPPORTED_LANGUAGES, toLanguage } from "~/i18n";
import { useLanguageChoice } from "~/lib/language";

export function LanguageSelect({ className = "" }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const choose = useLanguageChoice();
  const id = useId();
  return (
    <div className={`flex items-center gap-2 ${className}`}>
      <label htmlFor={id} className="text-sm text-slate-600 dark:text-slate-300">
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
        className="rounded-md border border-slate-300 bg-white py-1 pl-2 pr-8 text-sm text-slate-800 focus:border-emerald-600 focus:outline-none focus:ring-2 focus:ring-emerald-600/30 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100"
      >
        {SUPPORTED_LANGUAGES.map((lng) => (
          <option key={lng} value={lng}>
            {t(`language.${lng}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
