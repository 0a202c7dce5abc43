import { type ActionFunctionArgs, json, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { $ZodType, input } from "zod/v4/core";
import { ActiveToggle } from "#app/components/admin/EntityList";
import { Alert } from "#app/components/ui/Alert";
import { Badge } from "#app/components/ui/Badge";
import { card } from "#app/components/ui/card";
import { MarathonDates } from "#app/components/marathon/MarathonProgress";
import { yenColumn } from "#app/components/table/columns";
import { DataTable, wholeList } from "#app/components/table/DataTable";
import { actionLink } from "#app/components/ui/link";
import { modalTextLines } from "#app/lib/marathon-text";
import { attempt, parseForm, submitForm } from "#app/lib/forms.server";
import { echo } from "#app/lib/form-echo";
import { PageTitle } from "#app/components/ui/PageTitle";
import { MarathonEditor, type EditorValues } from "./__marathon-editor";
import {
  blankGoalRow,
  errorsByPosition,
  createMarathonInput,
  nextGoalNumber,
  sentGoalRows,
  setActiveInput,
  updateMarathonInput,
  withGoalRows,
} from "#domain/marathon";
import { answerRefusals, readForm } from "#app/lib/refusals.server";

export const handle = { i18n: ["marathon", "errors"] };

export const loader = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    const list = await context.trpc.marathon.adminList();
    const editId = url.searchParams.get("edit");
    const editing = editId ? (list.marathons.find((m) => m.id === editId) ?? null) : null;
    return json({
      list,
      editing,
      savedMark: url.searchParams.get("created") ?? url.searchParams.get("saved") ?? "",
      notice: url.searchParams.has("created")
        ? "created"
        : url.searchParams.has("updated")
          ? "updated"
          : url.searchParams.has("saved")
            ? "saved"
            : null,
    });
  },
);

/**
 * Toggle switches a marathon on or off. The editor's "add row" and "remove row" buttons are
 * submits too, so the editor works without JavaScript: they answer the form back with one row
 * more or less, saving nothing (with JavaScript the page does the same in place). Save creates
 * a marathon, or changes the one being edited (the form carries its id); either credits the
 * members who already qualify. The form is parsed with the procedure's own schema, the one the
 * browser checked it with; a refusal answers the form's fields as typed, every goal row
 * included, each error on its row's place on the page.
 */
export const action = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: ActionFunctionArgs) => {
    const form = await readForm(request);
    const intent = form.get("intent");
    if (intent === "toggle") {
      const toggled = await submitForm(form, setActiveInput, (value) =>
        context.trpc.marathon.setActive(value),
      );
      if (!toggled.ok) return toggled.response;
      return redirect("/admin/cb_marathon?updated=1");
    }
    const remove = typeof intent === "string" ? /^removeRow:(\d+)$/.exec(intent) : null;
    if (intent === "addRow" || remove) {
      const values = textFields(form);
      const sent = sentGoalRows(values);
      const rows = remove
        ? sent.filter((_, i) => i !== Number(remove[1]))
        : [...sent, blankGoalRow(nextGoalNumber(sent, Number(form.get("nextFree")) || 1))];
      return json({ rows: true as const, values: echo(withGoalRows(values, rows)) });
    }
    const editing = Boolean(form.get("id"));
    const saved = editing
      ? await saveMarathon(form, updateMarathonInput, (input) =>
          context.trpc.marathon.update(input),
        )
      : await saveMarathon(form, createMarathonInput, (input) =>
          context.trpc.marathon.create(input),
        );
    if (!saved.ok) return saved.response;
    // The value marks this save, so the editor starts afresh after it and only after it.
    const mark = Date.now().toString(36);
    return redirect(`/admin/cb_marathon?${editing ? "saved" : "created"}=${mark}`);
  },
);

/**
 * The editor's save: the form parsed with the procedure's schema, then the procedure run with
 * the form's strings (its schema reads them as the action's did: yen as typed, blank rows
 * dropped). A refusal names each goal error by its row's place on the page: the schema's own
 * already do; the service numbers the goals it was given, blank rows dropped.
 */
async function saveMarathon<S extends $ZodType>(
  form: FormData,
  schema: S,
  run: (input: input<S>) => Promise<unknown>,
) {
  const parsed = await parseForm(form, schema);
  if (!parsed.ok) return parsed;
  const sent = sentGoalRows(parsed.values);
  return attempt(parsed.values, () => run(parsed.input), {
    rename: (error) => ({ ...error, fieldErrors: errorsByPosition(sent, error.fieldErrors) }),
  });
}

/** The form's text fields as typed. */
function textFields(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of form.entries()) {
    if (typeof value === "string" && !(name in values)) values[name] = value;
  }
  return values;
}

/** /admin/cb_marathon: every marathon with its goals and how many reached each; create or edit one. */
export default function AdminMarathon() {
  const { t } = useTranslation("marathon");
  const { list, editing, notice, savedMark } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  // The toggle's refusal, or the editor's fields as sent (refused, or a row added or removed).
  const toggleError =
    answer && "error" in answer && answer.values.intent === "toggle" ? answer.error : null;
  const returned = answer && !toggleError ? answer : null;
  const returnedRows = returned ? sentGoalRows(returned.values) : [];
  const initial: EditorValues = returned
    ? {
        marathon: {
          id: returned.values.id ?? "",
          course: returned.values.course === "axi" ? "axi" : "general",
          title: returned.values.title ?? "",
          titleEn: returned.values.titleEn ?? "",
          startsOn: returned.values.startsOn ?? "",
          endsOn: returned.values.endsOn ?? "",
        },
        rows: returnedRows.length > 0 ? returnedRows : [blankGoalRow(list.nextNumber)],
      }
    : editing
      ? {
          marathon: {
            id: editing.id,
            course: editing.course,
            title: editing.title,
            titleEn: editing.titleEn ?? "",
            startsOn: editing.startsOn,
            endsOn: editing.endsOn ?? "",
          },
          rows: editing.goals.map((g) => ({
            marathonNumber: String(g.marathonNumber),
            threshold: String(g.threshold),
            reward: String(g.reward),
            modalText: g.modalText,
            modalTextEn: g.modalTextEn ?? "",
          })),
        }
      : {
          marathon: {
            id: "",
            course: "general",
            title: "",
            titleEn: "",
            startsOn: "",
            endsOn: "",
          },
          rows: [blankGoalRow(list.nextNumber)],
        };
  const editedId = initial.marathon.id;
  const reachedNumbers = editedId
    ? (list.marathons
        .find((m) => m.id === editedId)
        ?.goals.filter((g) => g.reached > 0)
        .map((g) => g.marathonNumber) ?? [])
    : [];
  return (
    <div className="space-y-6">
      <PageTitle>{t("admin.title")}</PageTitle>
      {notice && (
        <Alert tone="success" testId="marathon-notice">
          {t(`admin.${notice}`)}
        </Alert>
      )}
      {toggleError && (
        <Alert tone="error" testId="form-error">
          {t(`errors.${toggleError.key ?? "generic"}`, { defaultValue: t("errors.generic") })}
        </Alert>
      )}

      <section className="space-y-3">
        <h2 className="text-lg font-semibold">{t("admin.list")}</h2>
        {list.marathons.length === 0 && (
          <p className="text-sm text-slate-600 dark:text-slate-300">{t("admin.empty")}</p>
        )}
        {list.marathons.map((m) => (
          <article key={m.id} data-testid="admin-marathon" className={`${card} p-4`}>
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div className="min-w-0">
                <h3 className="break-words font-semibold">{m.title}</h3>
                {m.titleEn && (
                  <p className="break-words text-sm text-slate-600 dark:text-slate-300" lang="en">
                    {m.titleEn}
                  </p>
                )}
                <p
                  className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600 dark:text-slate-300"
                  data-testid="marathon-meta"
                >
                  <span>{t(`courses.${m.course}`)}</span>
                  <MarathonDates startsOn={m.startsOn} endsOn={m.endsOn} />
                  <Badge tone={m.active ? "success" : "muted"}>
                    {m.active ? t("admin.active") : t("admin.inactive")}
                  </Badge>
                </p>
              </div>
              <div className="flex flex-wrap items-center gap-2">
                <Link
                  to={`/admin/cb_marathon?edit=${m.id}#editor`}
                  className={`${actionLink} text-sm`}
                  data-testid="marathon-edit"
                >
                  {t("admin.edit")}
                </Link>
                <ActiveToggle
                  ns="marathon"
                  id={m.id}
                  active={m.active}
                  fields={{ intent: "toggle" }}
                />
              </div>
            </div>
            <div className="mt-3">
              <DataTable
                label={t("admin.goalsOf", { title: m.title })}
                page={wholeList(m.goals)}
                rowKey={(g) => String(g.marathonNumber)}
                hidePaging
                hideRange
                testId="marathon-goals"
                columns={[
                  {
                    key: "number",
                    header: t("admin.number"),
                    nowrap: true,
                    rowHeader: true,
                    cell: (g) => <span className="tabular-nums">{g.marathonNumber}</span>,
                  },
                  yenColumn("threshold", t("admin.threshold")),
                  yenColumn("reward", t("admin.reward")),
                  {
                    key: "modalText",
                    header: t("admin.modalText"),
                    className: "min-w-48 [overflow-wrap:anywhere]",
                    cell: (g) => (
                      <div>
                        {modalTextLines(g.modalText).map((l, i) => (
                          <span key={i} className="block">
                            {l}
                          </span>
                        ))}
                        {g.modalTextEn && (
                          <span lang="en" className="mt-1 block text-slate-600 dark:text-slate-300">
                            {modalTextLines(g.modalTextEn).join(" / ")}
                          </span>
                        )}
                      </div>
                    ),
                  },
                  {
                    key: "reached",
                    header: t("admin.reachedCount"),
                    align: "right",
                    nowrap: true,
                    cell: (g) => (
                      <span className="tabular-nums" data-testid="goal-reached-count">
                        {g.reached}
                      </span>
                    ),
                  },
                ]}
              />
            </div>
          </article>
        ))}
      </section>

      <MarathonEditor
        // A save starts the editor afresh (another marathon edited, or this save's mark). A
        // refusal does not, nor does another admin's new marathon arriving with the reloaded
        // list (that reset typing once): the rows the browser holds are the rows it sent, and
        // its errors name their places. Without JavaScript every answer is a new page anyway.
        key={`${editedId}:${savedMark}`}
        initial={initial}
        nextFree={list.nextNumber}
        reachedNumbers={reachedNumbers}
        error={returned && "error" in returned ? returned.error : null}
      />
    </div>
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
