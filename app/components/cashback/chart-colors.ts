import { useEffectiveTheme } from "#app/lib/theme";

const LIGHT = {
  axis: "#475569",
  grid: "#e2e8f0",
  bar: "#059669",
  cursor: "rgba(16,185,129,0.08)",
  tooltipBackground: "#ffffff",
  tooltipText: "#0f172a",
};

const DARK: typeof LIGHT = {
  axis: "#cbd5e1",
  grid: "#334155",
  bar: "#10b981",
  cursor: "rgba(148,163,184,0.15)",
  tooltipBackground: "#0f172a",
  tooltipText: "#f1f5f9",
};

/**
 * The bar charts' colours in the theme the member sees (recharts draws SVG, which Tailwind's
 * `dark:` classes do not reach): axis text and figures stay readable on either background.
 */
export function useChartColors() {
  const colors = useEffectiveTheme() === "dark" ? DARK : LIGHT;
  return {
    ...colors,
    tooltipStyle: {
      borderRadius: 8,
      fontSize: 13,
      background: colors.tooltipBackground,
      borderColor: colors.grid,
      color: colors.tooltipText,
    },
  };
}
