import type { Config } from "tailwindcss";
import colors from "tailwindcss/colors";

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
      colors: {
        // The brand green behind white text (primary buttons, the current menu entry, badges)
        // and as text on white: Tailwind's emerald-600 gives 3.8:1 with white, under WCAG AA's
        // 4.5:1 for normal text, so 600 is a shade darker (5.2:1) and 700, its hover, follows.
        emerald: { ...colors.emerald, 600: "#047c58", 700: "#05694b" },
      },
      screens: {
        xs: "480px",
        // The spec's mobile breakpoint is 767 px: the header language control shows from
        // 767 px up, the sidebar one at 767 px and below.
        tab: "767px",
        mob: { raw: "(max-width: 767px)" },
      },
      // The gacha reveal (about 1.5 s): a capsule shakes and bursts, then the reward pops in.
      // Pages use them with motion-reduce: variants, so reduced motion shows the reward at once.
      keyframes: {
        // The phone menu drawer slides in from the left over a fading backdrop.
        "drawer-in": { from: { transform: "translateX(-100%)" }, to: { transform: "none" } },
        "fade-in": { from: { opacity: "0" }, to: { opacity: "1" } },
        "gacha-capsule": {
          "0%": { transform: "rotate(0deg)", opacity: "1" },
          "15%": { transform: "rotate(-14deg)" },
          "30%": { transform: "rotate(12deg)" },
          "45%": { transform: "rotate(-10deg)" },
          "60%": { transform: "rotate(8deg)" },
          "75%": { transform: "rotate(0deg) scale(1)", opacity: "1" },
          "100%": { transform: "scale(1.5)", opacity: "0", visibility: "hidden" },
        },
        "gacha-reveal": {
          "0%": { transform: "scale(0.7)", opacity: "0" },
          "60%": { transform: "scale(1.05)", opacity: "1" },
          "100%": { transform: "scale(1)", opacity: "1" },
        },
      },
      animation: {
        "drawer-in": "drawer-in 0.2s ease-out",
        "fade-in": "fade-in 0.2s ease-out",
        "gacha-capsule": "gacha-capsule 1.1s ease-in-out forwards",
        "gacha-reveal": "gacha-reveal 0.5s ease-out 0.95s both",
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
