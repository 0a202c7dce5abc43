/**
 * A page's structured data (schema.org JSON-LD), in the body rather than the head: the tag
 * managers insert their script before the first script of the document, and one inside the
 * head React renders made the page fail to hydrate. A data block, never run; "<" is escaped so
 * no text in it can close the script element.
 */
export function JsonLd({ data }: { data: Record<string, unknown>[] | undefined }) {
  if (!data || data.length === 0) return null;
  return data.map((ld, i) => (
    <script
      key={i}
      type="application/ld+json"
      dangerouslySetInnerHTML={{ __html: JSON.stringify(ld).replace(/</g, "\\u003c") }}
    />
  ));
}
