/**
 * The phone rules phone-pass.spec.ts measures inside the page (PHONE_CHECK runs in the browser:
 * it must not use anything from outside its own body).
 *
 *   sideways-scroll  the document is wider than the window.
 *   box-scrolls      a box that scrolls on its own (overflow-x auto or scroll) is wider inside than
 *                    it shows: a table that hides its status or its action behind a sideways
 *                    swipe. Tables become card lists on a phone (DataTable) instead.
 *   text-cut-off     a box that holds text is narrower than the text and clips it (overflow
 *                    hidden or clip, or an ellipsis).
 *   text-spills      the same without the clipping: the text runs out of its box (over the next
 *                    card, as a long amount did).
 *   small-target     a control (link, button, input, select, text area, summary, an element with
 *                    a control's role) is less than 44 px tall. Exempt: a link shown inline
 *                    inside running text (the lines of its nearest block, that block's own
 *                    text and inline elements, hold other text besides the link), as readers
 *                    expect there; a check box or radio counts with its label.
 *   number-pad       an amount or code field (its name says so) without inputmode numeric or
 *                    decimal.
 *   autocomplete     a text, email, password, tel or number field that does not state its
 *                    autocomplete (a token, or off for an amount).
 *
 * Not counted, so the rules do not cry wolf: what cannot be seen (display none, visibility
 * hidden, a box of 1 px or less such as a screen-reader-only label, or anything inside one,
 * off-screen drawers). A box that scrolls (overflow auto or scroll) is judged by box-scrolls
 * alone, not by the text rules.
 */

export interface PhoneProblem {
  rule:
    | "sideways-scroll"
    | "box-scrolls"
    | "text-cut-off"
    | "text-spills"
    | "small-target"
    | "number-pad"
    | "autocomplete";
  detail: string;
}

export function PHONE_CHECK(): PhoneProblem[] {
  const problems: PhoneProblem[] = [];
  const width = window.innerWidth;
  const hiddenCache = new Map<Element, boolean>();

  function name(el: Element): string {
    const testId = el.getAttribute("data-testid");
    const text = (el.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 40);
    const r = el.getBoundingClientRect();
    const id = testId ? `[data-testid=${testId}]` : el.id ? `#${el.id}` : "";
    const label =
      el.getAttribute("aria-label") ?? el.getAttribute("name") ?? (text ? `"${text}"` : "");
    return `<${el.tagName.toLowerCase()}${id}> ${label} (${Math.round(r.width)}×${Math.round(r.height)})`;
  }

  /** Display none, visibility hidden, or inside a box of 1 px (screen-reader only). */
  function hidden(el: Element): boolean {
    const known = hiddenCache.get(el);
    if (known !== undefined) return known;
    let result: boolean;
    const style = getComputedStyle(el);
    const r = el.getBoundingClientRect();
    if (style.display === "none" || style.visibility === "hidden" || style.opacity === "0") {
      result = true;
    } else if (
      style.display !== "contents" &&
      (r.width <= 1 || r.height <= 1) &&
      (style.overflow !== "visible" || style.clip !== "auto")
    ) {
      result = true;
    } else {
      result = el.parentElement ? hidden(el.parentElement) : false;
    }
    hiddenCache.set(el, result);
    return result;
  }

  function offScreen(el: Element): boolean {
    const r = el.getBoundingClientRect();
    return r.right <= 0 || r.left >= width || r.width === 0 || r.height === 0;
  }

  const scrolls = (style: CSSStyleDeclaration) =>
    style.overflowX === "auto" || style.overflowX === "scroll";

  // ---------------------------------------------------------------- sideways scroll
  const doc = document.scrollingElement ?? document.documentElement;
  if (doc.scrollWidth > width) {
    const culprits: string[] = [];
    for (const el of document.body.querySelectorAll("*")) {
      const r = el.getBoundingClientRect();
      const parent = el.parentElement?.getBoundingClientRect();
      if (r.right > width + 1 && parent && parent.right <= width + 1 && !hidden(el)) {
        culprits.push(name(el));
        if (culprits.length === 3) break;
      }
    }
    problems.push({
      rule: "sideways-scroll",
      detail: `the page is ${doc.scrollWidth} px wide: ${culprits.join("; ")}`,
    });
  }

  // ---------------------------------------------------------------- a box that swipes sideways
  for (const el of document.body.querySelectorAll("*")) {
    if (!scrolls(getComputedStyle(el)) || hidden(el) || offScreen(el)) continue;
    if (el.scrollWidth > el.clientWidth + 1) {
      problems.push({
        rule: "box-scrolls",
        detail: `${name(el)} holds ${el.scrollWidth} px in ${el.clientWidth} px`,
      });
    }
  }

  // ---------------------------------------------------------------- text out of its box
  const SKIP = new Set([
    "SCRIPT",
    "STYLE",
    "INPUT",
    "TEXTAREA",
    "SELECT",
    "OPTION",
    "IMG",
    "CANVAS",
    "IFRAME",
    "BR",
    "WBR",
    "svg",
    "SVG",
  ]);
  const holdsText = (el: Element): boolean =>
    [...el.childNodes].some(
      (n) =>
        (n.nodeType === Node.TEXT_NODE && (n.textContent ?? "").trim() !== "") ||
        (n instanceof HTMLElement &&
          getComputedStyle(n).display === "inline" &&
          (n.textContent ?? "").trim() !== ""),
    );
  for (const el of document.body.querySelectorAll("*")) {
    if (SKIP.has(el.tagName) || el.closest("svg")) continue;
    const style = getComputedStyle(el);
    if (style.display === "inline" || style.display === "contents") continue;
    if (style.display.startsWith("table-") && style.display !== "table-cell") continue;
    if (scrolls(style) || !holdsText(el) || hidden(el) || offScreen(el)) continue;
    if (el.scrollWidth <= el.clientWidth + 1) continue;
    const clipped =
      style.overflowX === "hidden" ||
      style.overflowX === "clip" ||
      style.textOverflow === "ellipsis";
    problems.push({
      rule: clipped ? "text-cut-off" : "text-spills",
      detail: `${name(el)} needs ${el.scrollWidth} px, has ${el.clientWidth} px`,
    });
  }

  // ---------------------------------------------------------------- touch targets
  const CONTROLS =
    "a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=tab], [role=link], [role=switch], [role=menuitem]";
  function blockAncestor(el: Element): Element | null {
    let at = el.parentElement;
    while (at && getComputedStyle(at).display.startsWith("inline")) at = at.parentElement;
    return at;
  }
  /** The text of a block's own lines: its text nodes and inline elements, not its child blocks. */
  function lineText(block: Element): string {
    let text = "";
    for (const node of block.childNodes) {
      if (node.nodeType === Node.TEXT_NODE) text += node.textContent ?? "";
      else if (node instanceof Element && getComputedStyle(node).display.startsWith("inline"))
        text += lineText(node);
    }
    return text;
  }
  for (const el of document.body.querySelectorAll(CONTROLS)) {
    if (hidden(el) || offScreen(el) || el.closest("[aria-hidden=true], [inert]")) continue;
    const style = getComputedStyle(el);
    let height = el.getBoundingClientRect().height;
    if (el.tagName === "A" && style.display === "inline") {
      const block = blockAncestor(el);
      const own = (el.textContent ?? "").trim();
      if (block && lineText(block).replace(/\s+/g, "") !== own.replace(/\s+/g, "")) continue; // running text
    }
    if (el instanceof HTMLInputElement && (el.type === "checkbox" || el.type === "radio")) {
      for (const label of el.labels ?? [])
        height = Math.max(height, label.getBoundingClientRect().height);
    }
    if (height < 43.5) {
      problems.push({ rule: "small-target", detail: name(el) });
    }
  }

  // ---------------------------------------------------------------- fields
  const AMOUNT_OR_CODE =
    /amount|lots|(^|[_-])code$|Code$|branch|bank_?account_?number|bankAccountNumber|otp|token$/i;
  for (const el of document.body.querySelectorAll("input")) {
    if (hidden(el) || offScreen(el)) continue;
    const type = el.type;
    if (!["text", "email", "password", "tel", "number", "search"].includes(type)) continue;
    const field = el.name || el.id;
    if (AMOUNT_OR_CODE.test(field) && !["numeric", "decimal"].includes(el.inputMode)) {
      problems.push({ rule: "number-pad", detail: name(el) });
    }
    if (type !== "search" && !el.hasAttribute("autocomplete")) {
      problems.push({ rule: "autocomplete", detail: name(el) });
    }
  }
  return problems;
}
