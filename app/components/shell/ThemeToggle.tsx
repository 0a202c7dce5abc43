import MoonIcon from "@heroicons/react/24/outline/MoonIcon";
import SunIcon from "@heroicons/react/24/outline/SunIcon";
import { useTranslation } from "react-i18next";
import { useTheme } from "#app/lib/theme";
import { focusRing } from "./styles";

/** A toggle button: its name stays "dark mode", aria-pressed says whether it is on. */
export function ThemeToggle() {
  const { t } = useTranslation();
  const { theme, setTheme } = useTheme();
  const dark = theme === "dark";
  return (
    <button
      type="button"
      data-testid="theme-toggle"
      aria-pressed={dark}
      aria-label={t("theme.toggle")}
      title={dark ? t("theme.toLight") : t("theme.toDark")}
      onClick={() => setTheme(dark ? "light" : "dark")}
      className={`inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800 ${focusRing}`}
    >
      {dark ? (
        <SunIcon className="h-5 w-5" aria-hidden="true" />
      ) : (
        <MoonIcon className="h-5 w-5" aria-hidden="true" />
      )}
    </button>
  );
}
