import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from "react";
import { useMatches } from "@remix-run/react";
import { effectiveTheme, shellOf, THEME_COOKIE, THEME_COOKIE_MAX_AGE, type Theme } from "./shell";

interface ThemeState {
  theme: Theme;
  setTheme(theme: Theme): void;
}

const ThemeContext = createContext<ThemeState>({ theme: "light", setTheme: () => {} });

/** The chosen colour mode, kept in a cookie for a year so the server renders it too. */
export function ThemeProvider({ initial, children }: { initial: Theme; children: ReactNode }) {
  const [theme, set] = useState<Theme>(initial);
  const setTheme = useCallback((next: Theme) => {
    document.cookie = `${THEME_COOKIE}=${next}; Path=/; Max-Age=${THEME_COOKIE_MAX_AGE}; SameSite=Lax`;
    set(next);
  }, []);
  const value = useMemo(() => ({ theme, setTheme }), [theme, setTheme]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeState {
  return useContext(ThemeContext);
}

/** What the matched routes ask of the shell (their area, light only), from their handles. */
export function useShellRoute() {
  return shellOf(useMatches().map((match) => match.handle));
}

/** The colour the page is drawn in: the chosen one, unless the page is light only. */
export function useEffectiveTheme(): Theme {
  const { theme } = useTheme();
  return effectiveTheme(useShellRoute().lightOnly, theme);
}
