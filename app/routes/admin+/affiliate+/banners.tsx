import { type ActionFunctionArgs, json, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Field, type FormErrorShape, SubmitButton } from "#app/components/ui/form";
import { Alert, FormErrorAlert } from "#app/components/ui/Alert";
import { card } from "#app/components/ui/card";
import { FlagField, useEntityFields } from "#app/components/admin/EntityForm";
import { FileField } from "#app/components/admin/ImageFields";
import { attempt, formFailure, listWithSaved, parseForm } from "#app/lib/forms.server";
import { bannerForm } from "#domain/affiliate";
import { fileBytes, readUploadForm } from "#app/lib/upload.server";
import { PageTitle } from "#app/components/ui/PageTitle";
import { SectionTabs } from "#app/components/admin/SectionTabs";
import { answerRefusals } from "#app/lib/refusals.server";
import { title } from "#app/lib/page-title";
import { Badge } from "#app/components/ui/Badge";
import { useFormValidation } from "#app/lib/validation";
import { PageSection } from "#app/components/PageSection";

export const handle = {
  title: title.key("affiliate:bannerAdmin.title"),
  i18n: ["affiliate", "admin", "errors"],
};

export const loader = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: LoaderFunctionArgs) => {
    const saved = new URL(request.url).searchParams.get("saved");
    return json({ banners: await context.trpc.affiliate.adminBanners(), saved });
  },
);

/**
 * Creates a banner (intent "create") or saves one (intent "update", which also activates and
 * deactivates). A refusal echoes the form's intent and id, so its errors show in that form.
 */
export const action = /* @__PURE__ */ answerRefusals(
  async ({ request, context }: ActionFunctionArgs) => {
    const upload = await readUploadForm(request);
    if (upload.tooLarge) {
      return formFailure({ key: null, params: null, fieldErrors: { image: "imageTooLarge" } }, {});
    }
    const parsed = await parseForm(upload.form, bannerForm);
    if (!parsed.ok) return parsed.response;
    const { input } = parsed;
    const image = await fileBytes(upload.form, "image");
    const form = input.intent === "update" ? input.id : "new";
    const saved = await attempt(parsed.values, async () => {
      if (input.intent === "update") await context.trpc.affiliate.updateBanner({ ...input, image });
      else await context.trpc.affiliate.createBanner({ ...input, image });
    });
    if (!saved.ok) return saved.response;
    return redirect(listWithSaved("/admin/affiliate/banners", form));
  },
);

type Failure = { ok: false; error: FormErrorShape; values: Record<string, string> };

/**
 * The form a refusal is about, told by what it echoes: a banner's id, or "new"; an upload too
 * large to read echoes nothing and is shown in every form.
 */
function refusedForm(values: Record<string, string>) {
  if (!values.intent) return null;
  return values.intent === "update" ? values.id : "new";
}

/** /admin/affiliate/banners: upload affiliate banners, edit them, activate or deactivate them. */
export default function AdminAffiliateBanners() {
  const { t } = useTranslation("affiliate");
  const { banners, saved } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>() as Failure | undefined;
  const failed = (form: string) => {
    const refused = failure && refusedForm(failure.values);
    return failure && (refused === form || refused === null) ? failure : null;
  };
  return (
    <div className="max-w-4xl space-y-6">
      <PageTitle>{t("bannerAdmin.title")}</PageTitle>
      <SectionTabs section="affiliate" />
      <p className="text-sm text-slate-600 dark:text-slate-300">{t("bannerAdmin.intro")}</p>
      {saved && <Alert tone="success">{t("admin.saved")}</Alert>}

      <section aria-labelledby="banner-new" className={`${card} space-y-3 p-4`}>
        <h2 id="banner-new" className="text-lg font-semibold">
          {t("bannerAdmin.new")}
        </h2>
        <BannerForm
          intent="create"
          failure={failed("new")}
          initial={{ title: "", alt: "", displayOrder: "0", active: true }}
          submitLabel={t("bannerAdmin.upload")}
          testId="banner-new-form"
        />
      </section>

      <PageSection id="banner-list" title={t("bannerAdmin.list")}>
        {banners.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">{t("bannerAdmin.empty")}</p>
        ) : (
          <ul className="space-y-4" data-testid="banner-admin-list">
            {banners.map((b) => (
              <li key={b.id} data-testid="banner-admin-item" className={`${card} space-y-3 p-4`}>
                <div className="flex flex-wrap items-center gap-3">
                  <Badge tone={b.active ? "success" : "neutral"}>
                    {b.active ? t("bannerAdmin.active") : t("bannerAdmin.inactive")}
                  </Badge>
                  <span className="text-sm text-slate-600 dark:text-slate-300">
                    {b.title} · {b.width} × {b.height}
                  </span>
                  <Form method="post" encType="multipart/form-data" className="ml-auto">
                    <input type="hidden" name="intent" value="update" />
                    <input type="hidden" name="id" value={b.id} />
                    <input type="hidden" name="title" value={b.title} />
                    <input type="hidden" name="alt" value={b.alt} />
                    <input type="hidden" name="displayOrder" value={String(b.displayOrder)} />
                    {!b.active && <input type="hidden" name="active" value="on" />}
                    <SubmitButton tone={b.active ? "danger" : "secondary"}>
                      {b.active ? t("bannerAdmin.deactivate") : t("bannerAdmin.activate")}
                    </SubmitButton>
                  </Form>
                </div>
                <img
                  src={`/media/banners/${b.file}`}
                  alt={b.alt}
                  width={b.width}
                  height={b.height}
                  className="h-auto max-h-48 w-auto max-w-full rounded border border-slate-200 dark:border-slate-700"
                />
                <BannerForm
                  intent="update"
                  id={b.id}
                  failure={failed(b.id)}
                  initial={{
                    title: b.title,
                    alt: b.alt,
                    displayOrder: String(b.displayOrder),
                    active: b.active,
                  }}
                  submitLabel={t("admin.save")}
                  testId={`banner-form-${b.id}`}
                />
              </li>
            ))}
          </ul>
        )}
      </PageSection>
    </div>
  );
}

function BannerForm({
  intent,
  id,
  failure,
  initial,
  submitLabel,
  testId,
}: {
  intent: "create" | "update";
  id?: string;
  failure: Failure | null;
  initial: { title: string; alt: string; displayOrder: string; active: boolean };
  submitLabel: string;
  testId: string;
}) {
  const { t } = useTranslation("affiliate");
  const values = failure?.values ?? {};
  // Checked in the browser with the schema the action parses the form with.
  const { formProps, error, summary, limits } = useFormValidation(
    bannerForm,
    failure?.error ?? null,
  );
  // A refused form keeps what the admin typed; the form is keyed by it so it re-renders.
  const { fieldError, text, numeric, flag } = useEntityFields({
    labels: "affiliate:bannerAdmin.fields",
    initial: {
      title: values.title ?? initial.title,
      alt: values.alt ?? initial.alt,
      displayOrder: values.displayOrder ?? initial.displayOrder,
      active: initial.active,
    },
    error,
    limits,
  });
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="grid gap-3 sm:grid-cols-2"
      data-testid={testId}
      key={failure ? JSON.stringify(values) : "initial"}
      {...formProps}
    >
      <input type="hidden" name="intent" value={intent} />
      {id && <input type="hidden" name="id" value={id} />}
      <div className="sm:col-span-2">
        <FormErrorAlert {...summary} />
      </div>
      <Field {...text("title")} />
      <Field {...text("alt")} hint={t("bannerAdmin.hints.alt")} />
      <Field {...numeric("displayOrder")} required />
      <FileField
        name="image"
        label={
          intent === "create" ? t("bannerAdmin.fields.image") : t("bannerAdmin.fields.replace")
        }
        hint={t("bannerAdmin.hints.image")}
        error={fieldError("image")}
        accept="image/jpeg,image/png,image/webp"
        required={intent === "create"}
      />
      <FlagField {...flag("active")} />
      <div className="sm:col-span-2">
        <SubmitButton>{submitLabel}</SubmitButton>
      </div>
    </Form>
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
