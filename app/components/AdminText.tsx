import { useTranslation } from "react-i18next";
import { Badge } from "#app/components/ui/Badge";

/**
 * Free text an admin wrote to one member (a rejection reason, a present's note), in the language
 * the server chose: shown to an English reader in Japanese (no English was written), it carries
 * a small "Japanese" mark and its `lang`, so the page says what it shows.
 */
export function AdminText({
  text,
  lang,
  className = "",
  testId,
}: {
  text: string;
  lang: "ja" | "en" | null;
  className?: string;
  testId?: string;
}) {
  const { t, i18n } = useTranslation("common");
  const marked = lang === "ja" && i18n.language === "en";
  return (
    <span className={className} data-testid={testId}>
      <span lang={lang ?? undefined}>{text}</span>
      {marked && (
        <Badge tone="muted" className="ml-1.5 align-middle" data-testid="in-japanese">
          {t("content.inJapanese")}
        </Badge>
      )}
    </span>
  );
}
