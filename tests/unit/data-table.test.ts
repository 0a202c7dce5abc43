import { createElement, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
} from "react-router-dom/server";
import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { type Column, DataTable, type TablePage, wholeList } from "#app/components/table/DataTable";
import { yenColumn } from "#app/components/table/columns";
import { i18nOptions } from "#app/i18n";
import { resources } from "#app/locales.server";

/**
 * The table rendered on the server, the way Remix renders it for the first byte, inside a
 * real router at a given URL. What a person (and a screen reader) gets from the markup.
 */

interface Row {
  id: string;
  name: string;
  amount: number;
}

const columns: Column<Row>[] = [
  { key: "name", header: "Name", sortKey: "name", cell: (r) => r.name },
  { key: "amount", header: "Amount", sortKey: "amount", firstDir: "desc", cell: (r) => r.amount },
  { key: "note", header: "Note", cell: () => "-" },
];

async function render(url: string, element: ReactElement, lng: "ja" | "en" = "en") {
  const i18n = i18next.createInstance();
  await i18n.init({ ...i18nOptions, lng, resources });
  const handler = createStaticHandler([{ path: "*", element }]);
  const context = await handler.query(new Request(`http://x${url}`));
  if (context instanceof Response) throw new Error("unexpected redirect");
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToStaticMarkup(
    createElement(
      I18nextProvider,
      { i18n },
      createElement(StaticRouterProvider, { router, context, hydrate: false }),
    ),
  );
}

/** The opening tag that carries `marker` (attribute order is React's business). */
function tagWith(html: string, marker: string): string {
  const tag = html.match(/<[^>]+>/g)?.find((t) => t.includes(marker));
  if (!tag) throw new Error(`no tag with ${marker}`);
  return tag;
}

function pageOf(rows: Row[], overrides: Partial<TablePage<Row>> = {}): TablePage<Row> {
  return { rows, total: rows.length, page: 1, size: 25, sort: "name", dir: "asc", ...overrides };
}

const rows: Row[] = [
  { id: "a", name: "Aiko", amount: 100 },
  { id: "b", name: "Ben", amount: 50 },
];

/** The Accounts table over `rows`; each test sets only the props it is about. */
function accountsTable(props: Partial<Parameters<typeof DataTable<Row>>[0]> = {}) {
  return createElement(DataTable<Row>, {
    label: "Accounts",
    columns,
    page: pageOf(rows),
    ...props,
  });
}

describe("DataTable markup", () => {
  it("shows a whole list (a chart's figures) with row headers, for screen readers only when asked", async () => {
    const monthly: Column<Row>[] = [
      { key: "name", header: "Month", rowHeader: true, cell: (r) => r.name },
      { key: "amount", header: "Amount", cell: (r) => r.amount },
    ];
    const html = await render(
      "/users",
      accountsTable({
        columns: monthly,
        page: wholeList(rows),
        hidePaging: true,
        hideRange: true,
        screenReaderOnly: true,
        rowData: (r) => ({ month: r.id }),
      }),
    );
    expect(tagWith(html, 'data-testid="data-table"')).toContain('class="sr-only"');
    // Out of the tab order: a focus stop nobody can see.
    expect(tagWith(html, 'role="region"')).not.toContain("tabindex");
    expect(html).toMatch(/<th scope="row"[^>]*>Aiko<\/th>/);
    expect(tagWith(html, 'data-month="b"')).toContain('data-testid="table-row"');
    // A month and its amount: one line on a phone, no column names beside the values.
    expect(html).not.toContain("data-label=");
    // Nothing in the header acts: no empty header bar on a phone.
    expect(tagWith(html, "<thead")).toContain("mob:hidden");

    const shown = await render(
      "/users",
      accountsTable({ columns: monthly, page: wholeList(rows) }),
    );
    expect(tagWith(shown, 'role="region"')).toContain('tabindex="0"');
  });

  it("marks the sorted column with aria-sort and links headers to the next order", async () => {
    const html = await render(
      "/list?status=pending&sort=name&dir=asc&page=2",
      accountsTable({ page: pageOf(rows, { total: 60, page: 2 }) }),
    );
    expect(html).toContain('<caption id="');
    expect(html).toMatch(
      /<th role="columnheader" scope="col" aria-sort="ascending"[^>]*><a[^>]*href="\/list\?status=pending&amp;sort=name&amp;dir=desc"/,
    );
    // Another column starts at its own first direction, and sorting goes back to page 1.
    expect(html).toMatch(
      /aria-sort="none"[^>]*><a[^>]*href="\/list\?status=pending&amp;sort=amount&amp;dir=desc"/,
    );
    // An unsortable column has no aria-sort and no link.
    expect(html).toMatch(/<th role="columnheader" scope="col" class="[^"]*">Note<\/th>/);
  });

  it("pages with prev, next and numbers that keep the filters, marking the current page", async () => {
    const html = await render(
      "/list?status=pending&page=2",
      accountsTable({ page: pageOf(rows, { total: 60, page: 2 }) }),
    );
    expect(html).toContain('aria-label="Pages"');
    expect(tagWith(html, 'rel="prev"')).toContain('href="/list?status=pending"');
    expect(tagWith(html, 'rel="next"')).toContain('href="/list?status=pending&amp;page=3"');
    expect(tagWith(html, 'aria-current="page"')).toContain('aria-label="Page 2"');
    expect(html).toContain("26–50 of 60");
    // The page size selector is labelled and offers the four sizes.
    expect(html).toMatch(/<label for="([^"]+)"[^>]*>Rows per page<\/label><select id="\1"/);
    for (const n of [10, 25, 50, 100]) expect(html).toContain(`<option value="${n}"`);
  });

  it("says beside the export link when the CSV cannot hold every matching row", async () => {
    const render_ = (total: number) =>
      render(
        "/list?status=pending",
        accountsTable({ page: pageOf(rows, { total }), csvHref: "/list/export" }),
      );
    expect(await render_(10_000)).not.toContain("table-export-limit");
    const html = await render_(10_001);
    expect(html).toContain("The CSV holds the first 10,000 rows.");
    expect(tagWith(html, "table-export")).toContain('href="/list/export?status=pending"');
  });

  it("disables prev on the first page and next on the last", async () => {
    const html = await render("/list", accountsTable());
    expect(html.match(/aria-disabled="true"/g)).toHaveLength(2);
    expect(html).not.toContain('rel="prev"');
    expect(html).not.toContain('rel="next"');
  });

  it("says so when nothing matches, in either language", async () => {
    const element = accountsTable({ page: pageOf([]) });
    expect(await render("/list", element, "en")).toContain("No matching data");
    const ja = await render("/list", element, "ja");
    expect(ja).toContain("該当するデータがありません");
    expect(ja).toContain('colSpan="3"');
  });

  it("exports the current filters and order through the given route", async () => {
    const html = await render(
      "/list?status=approved&sort=amount&dir=desc&page=3&size=50",
      accountsTable({ csvHref: "/list/export" }),
    );
    expect(html).toMatch(
      /<a href="\/list\/export\?status=approved&amp;sort=amount&amp;dir=desc" download=""/,
    );
  });

  it("shows an amount from the column kit as yen on one line, sorting largest first", async () => {
    const html = await render(
      "/list",
      accountsTable({ columns: [yenColumn<Row>("amount", "Amount", { sorted: true })] }),
    );
    expect(html).toMatch(/aria-sort="none"[^>]*><a[^>]*href="\/list\?sort=amount&amp;dir=desc"/);
    expect(html).toMatch(/<td[^>]*class="[^"]*text-right[^"]*whitespace-nowrap[^"]*"[^>]*>¥100</);
  });

  // No rowKey: a row is keyed (and its checkbox valued) by its id.
  it("adds labelled checkboxes bound to the bulk form", async () => {
    const html = await render(
      "/list",
      accountsTable({
        selection: { form: "bulk", name: "ids", rowLabel: (r) => `Select ${r.name}` },
      }),
    );
    expect(html).toContain('aria-label="Select every row on this page"');
    expect(html).toMatch(
      /<input type="checkbox" form="bulk" name="ids" aria-label="Select Aiko"[^>]*value="a"/,
    );
  });

  it("scrolls sideways inside a focusable, named region", async () => {
    const html = await render("/list", accountsTable());
    expect(html).toMatch(
      /<div role="region" aria-labelledby="([^"]+)" tabindex="0" class="[^"]*\boverflow-x-auto\b/,
    );
  });
});
