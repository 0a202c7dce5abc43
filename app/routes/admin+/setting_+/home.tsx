import { type ActionFunctionArgs, json, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SectionTabs } from "#app/components/admin/SectionTabs";
import { Alert, FormErrorAlert } from "#app/components/ui/Alert";
import { Section } from "#app/components/ui/card";
import { SubmitButton, TextAreaField } from "#app/components/ui/form";
import { textLink } from "#app/components/ui/link";
import { PageTitle } from "#app/components/ui/PageTitle";
import { submitForm } from "#app/lib/forms.server";
import { title } from "#app/lib/page-title";
import { answerRefusals } from "#app/lib/refusals.server";
import { heroInput, heroLines } from "#domain/public-home";

export const handle = { title: title.key("public:admin.title"), i18n: ["public", "errors"] };

export const loader = /* @__PURE__ */ answerRefusals(async ({ context }: LoaderFunctionArgs) => {
  return json({ hero: await context.trpc.pages.hero() });
});

/** Saves both languages at once (audited, before and after); a refusal keeps what was typed. */
export const action = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: ActionFunctionArgs) => {
    const saved = await submitForm(request, heroInput, (input) =>
      context.trpc.pages.saveHero(input),
    );
    if (!saved.ok) return saved.response;
    return redirect("/admin/setting/home?saved=1");
  },
);

/**
 * /admin/setting/home: the public home's pitch (/welcome's first three lines) in Japanese and,
 * optionally, English, with a preview of how the page's top reads. Everything else on /welcome
 * comes from what admins manage already (brokers, campaigns, help, settings).
 */
export default function PublicHomeSettings() {
  const { t } = useTranslation(["public", "errors"]);
  const { hero } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  const error = result && !result.ok ? result.error : null;
  const echoed = result && !result.ok ? result.values : null;
  const field = (name: "heroJa" | "heroEn", saved: string[]) => {
    const refusal = error?.fieldErrors[name];
    const label = t(`admin.${name}`);
    return {
      name,
      label,
      rows: 3,
      defaultValue: echoed?.[name] ?? saved.join("\n"),
      error: refusal ? t(`errors:field.${refusal}`, { field: label }) : null,
    };
  };
  const preview = (lines: string[]) =>
    lines.length === 0 ? (
      <p className="text-sm text-slate-600 dark:text-slate-300">{t("admin.previewDefault")}</p>
    ) : (
      <div className="space-y-1">
        <p className="text-xl font-bold">{lines[0]}</p>
        {lines.slice(1).map((line) => (
          <p key={line} className="text-sm">
            {line}
          </p>
        ))}
      </div>
    );
  const ja = echoed ? heroLines(echoed.heroJa ?? "") : (hero?.ja ?? []);
  const en = echoed ? heroLines(echoed.heroEn ?? "") : (hero?.en ?? []);
  return (
    <div className="space-y-6">
      <PageTitle>{t("admin.title")}</PageTitle>
      <SectionTabs section="setting" />
      {params.has("saved") && !result && (
        <Alert tone="success" testId="hero-saved">
          {t("admin.saved")}
        </Alert>
      )}
      <Section title={t("admin.section")} testId="hero-settings">
        <Form method="post" className="space-y-4" noValidate>
          <FormErrorAlert error={error} />
          <p className="text-sm text-slate-600 dark:text-slate-300">{t("admin.hint")}</p>
          <TextAreaField {...field("heroJa", hero?.ja ?? [])} />
          <TextAreaField {...field("heroEn", hero?.en ?? [])} />
          <SubmitButton>{t("admin.save")}</SubmitButton>
        </Form>
      </Section>
      <Section title={t("admin.preview")} testId="hero-preview">
        <div className="grid gap-4 md:grid-cols-2">
          <div lang="ja" className="rounded-md border border-slate-200 p-3 dark:border-slate-700">
            {preview(ja)}
          </div>
          <div lang="en" className="rounded-md border border-slate-200 p-3 dark:border-slate-700">
            {preview(en.length > 0 ? en : ja)}
          </div>
        </div>
        <p className="mt-3 flex flex-wrap gap-4 text-sm">
          <Link to="/welcome" className={textLink} target="_blank">
            {t("admin.open")}
          </Link>
          <Link to="/welcome?lng=en" className={textLink} target="_blank">
            {t("admin.openEn")}
          </Link>
        </p>
      </Section>
    </div>
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
