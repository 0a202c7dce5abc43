import { useNavigate } from "@remix-run/react";
import { type ComponentProps, type MouseEvent, useCallback } from "react";

/**
 * The shell's own links (sidebar, admin menu, footer, logo) are plain anchors that share one
 * click handler per menu, not Remix `<Link>`s: the shell is rendered with every page, and each
 * `<Link>` resolves its path three times on the server (its href, react-router's href and its
 * click handler), which made the shell's ~25 links a large part of an empty page's render.
 * Their targets are absolute paths, so nothing needs resolving.
 */

/** What a click handler reads of the click and its anchor. */
export interface AnchorClick {
  button: number;
  metaKey: boolean;
  altKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  defaultPrevented: boolean;
}

/**
 * Whether the router follows a click on an anchor, by react-router's `<Link>` rule: a plain left
 * click on a link to this origin that opens in this window. A new tab, a modifier key, another
 * window, a download or another origin is the browser's.
 */
export function followsInApp(
  click: AnchorClick,
  anchor: { target: string; origin: string; hasAttribute(name: string): boolean },
  origin: string,
): boolean {
  return (
    !click.defaultPrevented &&
    click.button === 0 &&
    !(click.metaKey || click.altKey || click.ctrlKey || click.shiftKey) &&
    (!anchor.target || anchor.target === "_self") &&
    !anchor.hasAttribute("download") &&
    anchor.origin === origin
  );
}

/**
 * One click handler for a menu's anchors: `before` runs first (a drawer closes), then a click
 * the router follows navigates in the app, replacing the history entry when it leads to the
 * page already shown (as `<Link>` and a browser do).
 */
export function useAppAnchorClick(before?: () => void) {
  const navigate = useNavigate();
  return useCallback(
    (event: MouseEvent<HTMLAnchorElement>) => {
      before?.();
      const anchor = event.currentTarget;
      if (!followsInApp(event, anchor, window.location.origin)) return;
      event.preventDefault();
      const to = anchor.pathname + anchor.search + anchor.hash;
      const here = window.location.pathname + window.location.search + window.location.hash;
      navigate(to, { replace: to === here });
    },
    [navigate, before],
  );
}

/**
 * An anchor to a page of the portal, with the click handler of its menu. `data-discover` lets
 * Remix learn the target's route before the click, as it does for a `<Link>`.
 */
export function AppAnchor({
  href,
  onClick,
  children,
  ...rest
}: ComponentProps<"a"> & {
  href: string;
  onClick: (event: MouseEvent<HTMLAnchorElement>) => void;
}) {
  return (
    <a href={href} data-discover="true" onClick={onClick} {...rest}>
      {children}
    </a>
  );
}
