import { UNSAFE_RemixContext as RemixContext } from "@remix-run/react";
import { useContext } from "react";
import type { IconName } from "./nav-items";

/** Where the navigation's icons are, one `<symbol>` each (app/routes/nav-icons[.]svg.ts). */
export const NAV_ICONS_PATH = "/nav-icons.svg";

/** The sprite's URL for this build: it is cached for good, so the version is in it. */
export function navIconsUrl(version: string | undefined): string {
  return version ? `${NAV_ICONS_PATH}?v=${encodeURIComponent(version)}` : NAV_ICONS_PATH;
}

/**
 * A navigation icon: a `<use>` of the build's sprite, so every page carries a short reference
 * instead of the icon's path data (a third of the shell's HTML). Drawn in
 * currentColor as before; hidden from assistive technology, the entry's text names it.
 *
 * The ranking icon is a dark image, not a currentColor glyph, so on its own highlighted
 * entry (/users/ranking) it is drawn inverted to stay visible on the green of the current entry.
 */
export function NavIcon({ name, inverted = false }: { name: IconName; inverted?: boolean }) {
  const version = useContext(RemixContext)?.manifest.version;
  if (name === "ranking") {
    return (
      <img
        src="/icons/ranking.svg"
        alt=""
        width={20}
        height={20}
        data-testid="ranking-icon"
        className={`h-5 w-5 shrink-0 ${inverted ? "invert" : "dark:invert"}`}
      />
    );
  }
  return (
    <svg aria-hidden="true" className="h-5 w-5 shrink-0">
      <use href={`${navIconsUrl(version)}#${name}`} />
    </svg>
  );
}
