import { useTranslation } from "react-i18next";
import { Badge } from "#app/components/ui/Badge";

/**
 * An admin-written name or title (a campaign, a gacha, a help question) that an English reader
 * is shown in Japanese because no English was written (`japanese`, from the server's
 * `inJapanese`): the text carries `lang="ja"` and the small "Japanese" badge, as AdminText does
 * for free text, so the page says what it shows.
 */
export function JapaneseOnly({
  text,
  japanese,
  className = "",
}: {
  text: string;
  japanese: boolean;
  className?: string;
}) {
  if (!japanese) return <>{text}</>;
  return (
    <span className={className}>
      <span lang="ja">{text}</span>
      <JapaneseBadge className="ml-1.5 align-middle" />
    </span>
  );
}

/** The "Japanese" badge alone, beside a text that cannot hold it (a page's heading). */
export function JapaneseBadge({ className = "" }: { className?: string }) {
  const { t } = useTranslation("common");
  return (
    <Badge tone="muted" className={className} data-testid="in-japanese">
      {t("content.inJapanese")}
    </Badge>
  );
}
