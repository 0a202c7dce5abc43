import { type ActionFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ActiveToggle } from "#app/components/admin/EntityList";
import { dateColumn } from "#app/components/admin/cells";
import { PopupNotice } from "#app/components/popups/PopupNotice";
import { PopupStateBadge } from "#app/components/popups/PopupStateBadge";
import { linkColumn } from "#app/components/table/columns";
import { DataTable, type PageRow } from "#app/components/table/DataTable";
import { cellLink, ListHeading } from "#app/components/table/ListHeading";
import { SelectFilter, TableFilters } from "#app/components/table/TableFilters";
import { parseForm, saveRecord } from "#app/lib/forms.server";
import { setActiveInput } from "#domain/popup";
import { answerRefusals } from "#app/lib/refusals.server";
import { listLoader } from "#app/lib/list-loader.server";

export const handle = { i18n: ["popup", "errors"] };

const STATES = ["showing", "scheduled", "ended", "inactive"] as const;

export const loader = /* @__PURE__ */ answerRefusals(
  /* @__PURE__ */ listLoader((trpc, params) => trpc.popups.adminList(params)),
);

/** Switches a popup on or off (from this list or from its page), then goes back there. */
export const action = /* @__PURE__ */ answerRefusals(({ request, context }: ActionFunctionArgs) =>
  saveRecord(
    parseForm(request, setActiveInput),
    (form) => context.trpc.popups.setActive(form.value),
    (form, popup) => {
      const notice = popup.active ? "activated" : "deactivated";
      const back = form.values.back === "detail" ? `/admin/popups/${popup.id}` : "/admin/popups";
      return `${back}?${notice}=1`;
    },
  ),
);

type Row = PageRow<typeof loader>;

/** /admin/popups: every popup with its state, period and how many members were shown it. */
export default function AdminPopups() {
  const { t } = useTranslation("popup");
  const { page } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-4">
      <ListHeading
        title={t("admin.title")}
        create={{ to: "/admin/popups/create", label: t("admin.create"), testId: "popup-create" }}
      />
      <p className="text-sm text-slate-600 dark:text-slate-300">{t("admin.intro")}</p>
      <PopupNotice />
      <TableFilters label={t("admin.filterState")}>
        <SelectFilter
          name="state"
          label={t("admin.filterState")}
          allLabel={t("admin.all")}
          options={STATES.map((s) => ({ value: s, label: t(`admin.states.${s}`) }))}
        />
      </TableFilters>
      <DataTable
        label={t("admin.label")}
        page={page}
        empty={t("admin.empty")}
        testId="admin-popups"
        columns={[
          linkColumn<Row>("title", t("admin.fields.title"), {
            to: (p) => `/admin/popups/${p.id}`,
            text: (p) => p.title,
            className: "min-w-40",
            linkClassName: `${cellLink} [overflow-wrap:anywhere]`,
            testId: "admin-popup-link",
          }),
          {
            key: "state",
            header: t("admin.status"),
            cell: (p) => <PopupStateBadge state={p.state} />,
          },
          dateColumn("startsAt", t("admin.fields.startsAt"), { sorted: true }),
          dateColumn("endsAt", t("admin.fields.endsAt")),
          {
            key: "views",
            header: t("admin.views"),
            align: "right",
            nowrap: true,
            cell: (p) => t("admin.viewsCount", { count: p.views }),
          },
          {
            key: "toggle",
            header: <span className="sr-only">{t("admin.fields.active")}</span>,
            nowrap: true,
            cell: (p) => <ActiveToggle ns="popup" id={p.id} active={p.active} keepScroll />,
          },
        ]}
      />
    </div>
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
