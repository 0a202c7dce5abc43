import { type ActionFunctionArgs } from "@remix-run/node";
import { useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useRefusedForm, withEchoed } from "#app/components/admin/FormPage";
import { GachaForm } from "#app/components/gachas/GachaForm";
import { imageOf, listWithSaved, parseForm, saveRecord } from "#app/lib/forms.server";
import { gachaInput } from "#domain/gacha";
import { toTokyoInput } from "#app/lib/tokyo-input";
import type { loader as gachaLoader } from "./$gachaId";
import { answerRefusals } from "#app/lib/refusals.server";

export const handle = { i18n: ["gacha", "errors"] };

export const action = /* @__PURE__ */ answerRefusals(
  ({ request, context, params }: ActionFunctionArgs) => {
    const id = params.gachaId ?? "";
    return saveRecord(
      parseForm(request, gachaInput, { files: true }),
      async (form) =>
        context.trpc.gachas.update({ id, gacha: form.input, image: await imageOf(form.form) }),
      (form) => listWithSaved("/admin/gachas", form.value.name),
    );
  },
);

/** /admin/gachas/{id}: edit the gacha (its method is fixed once it has been drawn). */
export default function EditGacha() {
  const { t } = useTranslation("gacha");
  const data = useRouteLoaderData<typeof gachaLoader>("routes/admin+/gachas+/$gachaId");
  const { echoed, error } = useRefusedForm();
  if (!data) return null;
  const g = data.gacha;
  return (
    <div className="max-w-3xl">
      <GachaForm
        key={JSON.stringify(echoed)}
        initial={withEchoed(
          {
            name: g.name,
            description: g.description,
            nameEn: g.nameEn,
            descriptionEn: g.descriptionEn,
            startsAt: toTokyoInput(g.startsAt),
            endsAt: toTokyoInput(g.endsAt),
            cost: String(g.cost),
            method: g.method,
            challengeLimit: String(g.challengeLimit),
            imageUrl: g.imageUrl,
            published: g.published,
          },
          echoed,
          "published",
        )}
        methodLocked={g.draws > 0}
        error={error}
        submitLabel={t("admin.update")}
      />
    </div>
  );
}
