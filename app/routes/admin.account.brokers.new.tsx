import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { Link, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { BrokerForm, EMPTY_BROKER } from "~/components/BrokerForm";
import { readBrokerForm } from "~/lib/broker-form.server";
import { attempt } from "~/lib/forms.server";
import { textLink } from "~/components/ui/link";
import { PageTitle } from "~/components/ui/PageTitle";

export const handle = { i18n: ["admin", "accounts", "errors"] };

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readBrokerForm(request);
  if (!form.ok) return form.response;
  const result = await attempt(form.values, () =>
    context.trpc.brokers.create({ ...form.broker, ...form.images }),
  );
  if (!result.ok) return result.response;
  return redirect(`/admin/account/brokers?${new URLSearchParams({ saved: form.values.name })}`);
}

export default function NewBroker() {
  const { t } = useTranslation("admin");
  const failure = useActionData<typeof action>();
  const echoed = failure && !failure.ok ? failure.values : {};
  return (
    <div className="max-w-3xl space-y-4">
      <Link to="/admin/account/brokers" className={`${textLink} text-sm`}>
        {t("brokers.back")}
      </Link>
      <PageTitle>{t("brokers.new")}</PageTitle>
      <BrokerForm
        initial={{ ...EMPTY_BROKER, ...echoed }}
        error={failure && !failure.ok ? failure.error : null}
        submitLabel={t("brokers.create")}
      />
    </div>
  );
}
