import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminFormPage, useRefusedForm } from "~/components/admin/FormPage";
import { termsInitial } from "~/components/brokers/BrokerTermsFields";
import { BrokerForm } from "~/components/BrokerForm";
import { listWithSaved, parseForm, saveRecord } from "~/lib/forms.server";
import { BROKER_FORM, brokerFormInput, brokerImages } from "./broker-form.server";
import { answerRefusals } from "~/lib/refusals.server";
import { actionLink } from "~/components/ui/link";
import { title } from "~/lib/page-title";

export const handle = {
  title: title.named("broker.name", "admin:brokers.edit"),
  // brokers: the rate changes listed under the rates (their words are the public card's).
  i18n: ["admin", "accounts", "brokers", "errors"],
};

async function brokerOr404(context: LoaderFunctionArgs["context"], id: string) {
  try {
    return await context.trpc.brokers.get({ id });
  } catch (error) {
    if ((error as { code?: string }).code === "NOT_FOUND") {
      throw new Response("Not found", { status: 404 });
    }
    throw error;
  }
}

export const loader = /* @__PURE__ */ answerRefusals(
  async ({ context, params }: LoaderFunctionArgs) => {
    return json({ broker: await brokerOr404(context, params.id ?? "") });
  },
);

export const action = /* @__PURE__ */ answerRefusals(
  ({ request, context, params }: ActionFunctionArgs) => {
    return saveRecord(
      parseForm(request, brokerFormInput, BROKER_FORM),
      async (form) =>
        context.trpc.brokers.update({
          id: params.id ?? "",
          ...form.input,
          ...(await brokerImages(form.form)),
        }),
      (form) => listWithSaved("/admin/account/brokers", form.value.name),
    );
  },
);

/** Edit a broker; unticking "shown to members" deactivates it (its accounts stay). */
export default function EditBroker() {
  const { t } = useTranslation("admin");
  const { broker } = useLoaderData<typeof loader>();
  const { echoed, error } = useRefusedForm();
  return (
    <AdminFormPage
      back="/admin/account/brokers"
      backLabel={t("brokers.back")}
      title={t("brokers.edit", { name: broker.name })}
    >
      {/* A rate change dated in the past: what it means for rows already credited. */}
      <Link
        to={`/admin/account/brokers/${broker.id}/adjustments`}
        className={`${actionLink} inline-flex min-h-11 items-center text-sm`}
        data-testid="adjustments-link"
      >
        {t("adjustments.link")}
      </Link>
      <BrokerForm
        // A fresh form after each save attempt, so the kind toggle follows what was sent.
        key={JSON.stringify(echoed)}
        initial={{
          name: broker.name,
          code: broker.code,
          accountKind: broker.accountKind,
          idCharset: broker.idCharset ?? "",
          idMinLength: broker.idMinLength === null ? "" : String(broker.idMinLength),
          idMaxLength: broker.idMaxLength === null ? "" : String(broker.idMaxLength),
          signupUrl: broker.signupUrl,
          displayOrder: String(broker.displayOrder),
          autoRebate: broker.autoRebate,
          active: broker.active,
          logoPath: broker.logoPath,
          bannerPath: broker.bannerPath,
          ...echoed,
          terms: termsInitial(broker, echoed),
        }}
        error={error}
        submitLabel={t("brokers.update")}
      />
    </AdminFormPage>
  );
}
