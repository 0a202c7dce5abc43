import { title } from "#app/lib/page-title";
import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AdminFormPage } from "#app/components/admin/FormPage";
import { ProfileForm, profileValues, useProfileAnswer } from "#app/components/cashback/ProfileForm";
import { buttonClass } from "#app/components/ui/button";
import { card } from "#app/components/ui/card";
import { ConfirmDialog } from "#app/components/ui/ConfirmDialog";
import { parseForm, saveRecord } from "#app/lib/forms.server";
import { orNotFound } from "#app/lib/not-found.server";
import { brokerChoices, profileAction, removeProfileForm } from "./profile-form.server";
import { answerRefusals } from "#app/lib/refusals.server";

export const handle = {
  title: title.named("profile.name", "cashback:profiles.edit"),
  i18n: ["cashback", "errors"],
};

export const loader = /* @__PURE__ */ answerRefusals(
  async ({ params, context }: LoaderFunctionArgs) => {
    const id = params.id ?? "";
    const [profile, brokers] = await Promise.all([
      orNotFound(() => context.trpc.cashback.profiles.get({ id })),
      brokerChoices(context),
    ]);
    return json({ profile, brokers });
  },
);

/**
 * Saves or previews (the editor's multipart form), or deletes (the confirmation dialog's plain
 * form); a deleted profile's batches keep the mapping they were read with.
 */
export const action = /* @__PURE__ */ answerRefusals(
  async ({ request, params, context }: ActionFunctionArgs) => {
    const id = params.id ?? "";
    if (/^multipart\/form-data\b/i.test(request.headers.get("content-type") ?? "")) {
      return profileAction(request, context, id);
    }
    return saveRecord(
      parseForm(request, removeProfileForm),
      () => context.trpc.cashback.profiles.remove({ id }),
      (form) => `/admin/update/profiles?${new URLSearchParams({ removed: form.value.name })}`,
    );
  },
);

/** /admin/update/profiles/<id>: edit an import profile, try it on a sample, or delete it. */
export default function EditImportProfile() {
  const { t } = useTranslation(["cashback", "errors"]);
  const { profile, brokers } = useLoaderData<typeof loader>();
  const { values, error, sample, answer } = useProfileAnswer(profileValues(profile));
  const [confirming, setConfirming] = useState<{ openedWith: typeof answer } | null>(null);
  // A refusal of the deletion is shown inside the dialog, never as the editor's.
  const removal = answer?.values.intent === "remove";
  const removeError =
    confirming && answer !== confirming.openedWith && removal && error?.key
      ? t(`errors:${error.key}`, error.params ?? {})
      : null;
  return (
    <AdminFormPage
      back="/admin/update/profiles"
      backLabel={t("profiles.back")}
      title={t("profiles.edit", { name: profile.name })}
    >
      <ProfileForm
        initial={values}
        brokers={brokers}
        error={removal ? null : error}
        sample={sample}
        submitLabel={t("profiles.save")}
      />
      <div className={`${card} p-4 sm:p-6`}>
        <button
          type="button"
          onClick={() => setConfirming({ openedWith: answer })}
          className={buttonClass({ variant: "danger", block: true })}
          data-testid="profile-remove"
        >
          {t("profiles.remove")}
        </button>
      </div>
      <ConfirmDialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title={t("profiles.removeTitle")}
        confirmLabel={t("profiles.removeConfirm")}
        tone="danger"
        fields={{ intent: "remove", name: profile.name }}
        error={removeError}
        testId="profile-remove-dialog"
      >
        <p>{t("profiles.removeBody", { name: profile.name })}</p>
      </ConfirmDialog>
    </AdminFormPage>
  );
}

export { revalidateAfterRefusal as shouldRevalidate } from "#app/lib/revalidation";
