import { useTranslation } from "react-i18next";

/** A campaign's capacity as the member sees it: "unlimited", or the cap and the places left. */
export function CampaignCapacity({
  capacity,
  remaining,
}: {
  capacity: number | null;
  remaining: number | null;
}) {
  const { t } = useTranslation("campaign");
  if (capacity === null) return <>{t("unlimited")}</>;
  return (
    <>
      {t("capacityOf", { count: capacity })}
      <span className="ml-2 text-slate-500 dark:text-slate-400">
        ({t("remaining", { count: remaining ?? 0 })})
      </span>
    </>
  );
}
