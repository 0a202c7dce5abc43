import { Form, Link, useSearchParams } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { type Column, DataTable, type TablePage } from "#app/components/table/DataTable";
import { ListHeading, SearchFilter } from "#app/components/table/ListHeading";
import { TableFilters } from "#app/components/table/TableFilters";
import { buttonClass } from "#app/components/ui/button";
import { SubmitButton } from "#app/components/ui/form";

/**
 * The list page of an admin entity (campaigns, gachas, EAs): its heading with the create button
 * and the notice a save sends back (`?saved=<name>`), a filter bar that starts with the free-text
 * search, and the table. The texts are the entity namespace's `admin.title`, `admin.create`,
 * `admin.saved`, `admin.filters`, `admin.search` and `admin.empty`; the test ids are
 * `<entity>-create`, `<entity>-saved` and `admin-<entity>s`. A new entity's list is its columns.
 */
export function EntityList<R extends { id: string }>({
  ns,
  entity,
  savedParam = "name",
  page,
  columns,
  filters,
  links,
  tabs,
}: {
  /** The locale namespace holding the entity's `admin.*` texts. */
  ns: string;
  /** Its singular name in URLs and test ids: `gacha` lists at /admin/gachas. */
  entity: string;
  /** The placeholder `admin.saved` names the saved record by. */
  savedParam?: string;
  page: TablePage<R>;
  columns: Column<R>[];
  /** Filters after the search. */
  filters?: ReactNode;
  /** Links beside the create button (see `SecondaryLink`). */
  links?: ReactNode;
  /** The section's tabs, under the heading. */
  tabs?: ReactNode;
}) {
  const { t } = useTranslation(ns);
  const [params] = useSearchParams();
  const saved = params.get("saved");
  return (
    <div className="space-y-4">
      <ListHeading
        title={t("admin.title")}
        create={{
          to: `/admin/${entity}s/create`,
          label: t("admin.create"),
          testId: `${entity}-create`,
        }}
        links={links}
        tabs={tabs}
        notices={[
          { text: saved && t("admin.saved", { [savedParam]: saved }), testId: `${entity}-saved` },
        ]}
      />
      <TableFilters label={t("admin.filters")}>
        <SearchFilter label={t("admin.search")} />
        {filters}
      </TableFilters>
      <DataTable
        label={t("admin.title")}
        page={page}
        empty={t("admin.empty")}
        testId={`admin-${entity}s`}
        columns={columns}
      />
    </div>
  );
}

/** A link to a related page beside a list's create button. */
export function SecondaryLink({
  to,
  testId,
  children,
}: {
  to: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Link to={to} className={buttonClass({ variant: "secondary" })} data-testid={testId}>
      {children}
    </Link>
  );
}

/**
 * Switches a record on or off (a popup, a marathon): posts its `id`, the `active` it gets and
 * any `fields`, to `action` (the page's own by default). The label, from `ns`'s
 * `admin.activate` / `admin.deactivate`, says what a press does; `prominent` is the detail
 * page's bigger button, red when it switches off.
 */
export function ActiveToggle({
  ns,
  id,
  active,
  fields = {},
  action,
  keepScroll = false,
  prominent = false,
}: {
  ns: string;
  id: string;
  active: boolean;
  fields?: Record<string, string>;
  action?: string;
  keepScroll?: boolean;
  prominent?: boolean;
}) {
  const { t } = useTranslation(ns);
  return (
    <Form method="post" action={action} preventScrollReset={keepScroll}>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="active" value={active ? "0" : "1"} />
      <SubmitButton tone={!prominent ? "secondary" : active ? "danger" : "primary"}>
        {active ? t("admin.deactivate") : t("admin.activate")}
      </SubmitButton>
    </Form>
  );
}
