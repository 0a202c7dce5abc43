import type { Config } from "tailwindcss";

export default {
  content: ["./app/**/*.{ts,tsx}"],
  darkMode: "class",
  theme: {
    // The spec's container widths: 1280 px and 1536 px.
    container: {
      center: true,
      padding: "1rem",
      screens: { xl: "1280px", "2xl": "1536px" },
    },
    extend: {
      screens: {
        xs: "480px",
        // The spec's mobile breakpoint is 767 px: the header language control shows from
        // 767 px up, the sidebar one at 767 px and below.
        tab: "767px",
        mob: { raw: "(max-width: 767px)" },
      },
      fontFamily: {
        sans: [
          "system-ui",
          "-apple-system",
          "Segoe UI",
          "Hiragino Sans",
          "Hiragino Kaku Gothic ProN",
          "Noto Sans CJK JP",
          "Noto Sans JP",
          "Meiryo",
          "sans-serif",
        ],
      },
    },
  },
  plugins: [],
} satisfies Config;
