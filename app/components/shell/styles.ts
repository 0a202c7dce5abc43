/**
 * A keyboard focus indicator that shows on any background (the green current entry, the
 * gradient hero, dark mode): an outline with a gap, not a ring drawn in the element's colour.
 * Its utilities are the `.focus-ring` component class in app/tailwind.css.
 */
export const focusRing = "focus-ring";

/**
 * A navigation entry of the member sidebar, the visitor sidebar and the admin menu. `dense`
 * (the admin menu, 17 entries and open groups) keeps the column within a laptop's height.
 * The entry's look is three component classes in app/tailwind.css (the same utilities, with
 * `focusRing`): every page's menu named its forty utilities once per entry.
 */
export const navEntry = (current: boolean, dense = false) =>
  `nav-entry ${dense ? "py-1.5" : "min-h-11 py-2"} ${current ? "nav-entry-current" : "nav-entry-idle"}`;

/**
 * The wider container of the member layout ("/" and /users pages); the header uses it there
 * too, so the logo lines up with the sidebar at every width.
 */
export const WIDE_CONTAINER = "mx-auto w-full max-w-screen-2xl px-4";
