import { type ActionFunctionArgs, json, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Field, SubmitButton } from "~/components/ui/form";
import { Alert } from "~/components/ui/Alert";
import { card } from "~/components/ui/card";
import { modalTextLines } from "~/lib/marathon-text";
import { attempt, formValues } from "~/lib/forms.server";
import { formatYen } from "~/lib/money";
import { PageTitle } from "~/components/ui/PageTitle";

export const handle = { i18n: ["marathon", "errors"] };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  return json({
    list: await context.trpc.marathon.adminList(),
    notice: url.searchParams.has("created")
      ? "created"
      : url.searchParams.has("updated")
        ? "updated"
        : null,
  });
}

const FIELDS = [
  "intent",
  "id",
  "active",
  "course",
  "title",
  "startsOn",
  "endsOn",
  "goals",
] as const;

/** One goal per line: "number, target, reward, text" (the text may itself hold commas). */
function parseGoals(text: string) {
  const goals = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (!line) continue;
    const m = /^([^,]*),([^,]*),([^,]*),(.*)$/.exec(line);
    if (!m) return { ok: false as const, line: i + 1 };
    const yen = (v: string) => v.replace(/[,\s¥円]/g, "");
    goals.push({
      marathonNumber: m[1]!.trim(),
      threshold: yen(m[2]!),
      reward: yen(m[3]!),
      modalText: m[4]!.trim(),
    });
  }
  return { ok: true as const, goals };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const values = formValues(await request.formData(), FIELDS);
  if (values.intent === "toggle") {
    const result = await attempt(values, () =>
      context.trpc.marathon.setActive({ id: values.id, active: values.active === "1" }),
    );
    if (!result.ok) return result.response;
    return redirect("/admin/cb_marathon?updated=1");
  }
  const goals = parseGoals(values.goals);
  if (!goals.ok) {
    return json(
      {
        ok: false as const,
        error: { key: null, params: null, fieldErrors: { goals: "goalLine" } },
        line: goals.line,
        values,
      },
      { status: 400 },
    );
  }
  const result = await attempt(values, () =>
    context.trpc.marathon.create({
      course: values.course as "general" | "axi",
      title: values.title,
      startsOn: values.startsOn,
      endsOn: values.endsOn,
      // Strings from the form: the schema coerces and judges them.
      goals: goals.goals as unknown as {
        marathonNumber: number;
        threshold: number;
        reward: number;
        modalText: string;
      }[],
    }),
  );
  if (!result.ok) return result.response;
  return redirect("/admin/cb_marathon?created=1");
}

/** /admin/cb_marathon: every marathon with its goals and how many reached each; create one. */
export default function AdminMarathon() {
  const { t } = useTranslation("marathon");
  const { list, notice } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  const echoed: Record<string, string> = failure && !failure.ok ? failure.values : {};
  const fieldErrors = failure && !failure.ok ? failure.error.fieldErrors : {};
  const formKey = failure && !failure.ok ? failure.error.key : null;
  const line = failure && !failure.ok && "line" in failure ? failure.line : null;
  // Nested errors ("goals.0.threshold") belong to the goals box.
  const fieldError = (name: string) => {
    const key = Object.entries(fieldErrors).find(
      ([k]) => k === name || k.startsWith(`${name}.`),
    )?.[1];
    return key ? t(`errors.${key}`, { line, defaultValue: t("errors.generic") }) : null;
  };
  const goalsId = useId();
  const courseId = useId();
  const goalsError = fieldError("goals");
  return (
    <div className="space-y-6">
      <PageTitle>{t("admin.title")}</PageTitle>
      {notice && (
        <Alert tone="success" testId="marathon-notice">
          {t(`admin.${notice}`)}
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
                <p className="text-xs text-slate-600 dark:text-slate-300">
                  {t(`courses.${m.course}`)} ・{" "}
                  {m.endsOn
                    ? t("periodRange", { start: m.startsOn, end: m.endsOn })
                    : t("periodOpen", { start: m.startsOn })}{" "}
                  ・ {m.active ? t("admin.active") : t("admin.inactive")}
                </p>
              </div>
              <Form method="post">
                <input type="hidden" name="intent" value="toggle" />
                <input type="hidden" name="id" value={m.id} />
                <input type="hidden" name="active" value={m.active ? "0" : "1"} />
                <SubmitButton tone="secondary">
                  {m.active ? t("admin.deactivate") : t("admin.activate")}
                </SubmitButton>
              </Form>
            </div>
            <div className="mt-3 overflow-x-auto">
              <table className="min-w-full text-sm">
                <thead>
                  <tr className="whitespace-nowrap border-b border-slate-200 text-left text-xs text-slate-500 dark:border-slate-700 dark:text-slate-400">
                    <th className="py-2 pr-3 font-medium">{t("admin.number")}</th>
                    <th className="py-2 pr-3 text-right font-medium">{t("admin.threshold")}</th>
                    <th className="py-2 pr-3 text-right font-medium">{t("admin.reward")}</th>
                    <th className="py-2 pr-3 font-medium">{t("admin.modalText")}</th>
                    <th className="py-2 text-right font-medium">{t("admin.reachedCount")}</th>
                  </tr>
                </thead>
                <tbody>
                  {m.goals.map((g) => (
                    <tr
                      key={g.marathonNumber}
                      className="border-b border-slate-100 align-top last:border-0 dark:border-slate-800"
                    >
                      <td className="py-2 pr-3 tabular-nums">{g.marathonNumber}</td>
                      <td className="whitespace-nowrap py-2 pr-3 text-right tabular-nums">
                        {formatYen(g.threshold)}
                      </td>
                      <td className="whitespace-nowrap py-2 pr-3 text-right tabular-nums">
                        {formatYen(g.reward)}
                      </td>
                      <td className="min-w-48 py-2 pr-3 [overflow-wrap:anywhere]">
                        {modalTextLines(g.modalText).map((l, i) => (
                          <span key={i} className="block">
                            {l}
                          </span>
                        ))}
                      </td>
                      <td className="py-2 text-right tabular-nums">{g.reached}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </article>
        ))}
      </section>

      <section className="max-w-2xl space-y-3">
        <h2 className="text-lg font-semibold">{t("admin.create")}</h2>
        <p className="text-xs text-slate-600 dark:text-slate-300">
          {t("admin.nextNumber", { number: list.nextNumber })}
        </p>
        {formKey && (
          <Alert tone="error" testId="form-error">
            {t(`errors.${formKey.replace(/^marathon\./, "")}`, {
              defaultValue: t("errors.generic"),
            })}
          </Alert>
        )}
        <Form method="post" className="space-y-4" data-testid="marathon-create">
          <input type="hidden" name="intent" value="create" />
          <div>
            <label htmlFor={courseId} className="block text-sm font-medium">
              {t("admin.course")}
            </label>
            <select
              id={courseId}
              name="course"
              defaultValue={echoed.course ?? "general"}
              className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-600 dark:bg-slate-800"
            >
              <option value="general">{t("courses.general")}</option>
              <option value="axi">{t("courses.axi")}</option>
            </select>
          </div>
          <Field
            name="title"
            label={t("admin.titleField")}
            defaultValue={echoed.title ?? ""}
            maxLength={100}
            required
            error={fieldError("title")}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              name="startsOn"
              type="date"
              label={t("admin.startsOn")}
              defaultValue={echoed.startsOn ?? ""}
              required
              error={fieldError("startsOn")}
            />
            <Field
              name="endsOn"
              type="date"
              label={t("admin.endsOn")}
              defaultValue={echoed.endsOn ?? ""}
              error={fieldError("endsOn")}
            />
          </div>
          <div>
            <label htmlFor={goalsId} className="block text-sm font-medium">
              {t("admin.goals")}
            </label>
            <textarea
              id={goalsId}
              name="goals"
              rows={5}
              required
              defaultValue={echoed.goals ?? ""}
              placeholder={`${list.nextNumber}, 10000, 1000, おめでとうございます！\\nゴール達成です`}
              aria-invalid={goalsError ? true : undefined}
              aria-describedby={`${goalsId}-hint`}
              className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-sm dark:border-slate-600 dark:bg-slate-800"
            />
            <p id={`${goalsId}-hint`} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
              {t("admin.goalsHint")}
            </p>
            {goalsError && (
              <p className="mt-1 text-sm text-red-600 dark:text-red-400" data-testid="error-goals">
                {goalsError}
              </p>
            )}
          </div>
          <SubmitButton>{t("admin.submit")}</SubmitButton>
        </Form>
      </section>
    </div>
  );
}
