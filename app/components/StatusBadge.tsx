import { useTranslation } from "react-i18next";
import { Badge, type Tone } from "~/components/ui/Badge";

const TONES: Record<string, Tone> = {
  pending: "warning",
  completed: "success",
  rejected: "danger",
  failed: "danger",
  cancelled: "neutral",
};

/** A request's state as a word and a colour (the word carries the meaning, not the colour). */
export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation("wallet");
  return (
    <Badge tone={TONES[status] ?? "neutral"} data-status={status}>
      {t(`status.${status}`)}
    </Badge>
  );
}
