import MarkdownIt from "markdown-it";

/**
 * Admin-written Markdown (legal documents) as HTML, rendered on the server. markdown-it with
 * `html: false` escapes every tag the author typed, so a <script> or an <img onerror> shows as
 * text, and its link check refuses javascript:, vbscript:, file: and data: URLs: the output is
 * safe without a sanitizer (the library's documented "safety" mode). Links open in the same
 * tab; bare URLs become links; single line breaks stay line breaks, as admins type addresses.
 */
const markdown = new MarkdownIt({ html: false, linkify: true, breaks: true, typographer: false });

// Images would load from anywhere the author points (tracking pixels); documents need none:
// an image shows as its description.
markdown.renderer.rules.image = (tokens, idx) =>
  markdown.utils.escapeHtml(tokens[idx]?.content ?? "");

// A link leaving the site says so to the browser: no referrer, no window.opener.
const defaultLink =
  markdown.renderer.rules.link_open ??
  ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
markdown.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const token = tokens[idx];
  if (token && /^https?:\/\//i.test(String(token.attrGet("href") ?? ""))) {
    token.attrSet("rel", "noopener noreferrer");
  }
  return defaultLink(tokens, idx, options, env, self);
};

export function renderMarkdown(text: string): string {
  return markdown.render(text);
}

/**
 * The words of admin-written Markdown without its markup: what a search result's description
 * and structured data (JSON-LD) carry. Blocks are joined by a space; images give their
 * description, as on the page.
 */
export function markdownText(text: string): string {
  const words: string[] = [];
  for (const token of markdown.parse(text, {})) {
    if (token.type !== "inline") continue;
    for (const child of token.children ?? []) {
      if (child.type === "softbreak" || child.type === "hardbreak") words.push(" ");
      else if (child.type === "text" || child.type === "code_inline" || child.type === "image")
        words.push(child.content);
    }
    words.push(" ");
  }
  return words.join("").replace(/\s+/g, " ").trim();
}
