import { useTranslation } from "react-i18next";
import { Badge, type Tone } from "~/components/ui/Badge";

const ROW_TONES: Record<string, Tone> = {
  matched: "info",
  credited: "success",
  unmatched: "warning",
  duplicate: "neutral",
  error: "danger",
};

const BATCH_TONES: Record<string, Tone> = {
  previewed: "warning",
  committing: "info",
  committed: "success",
};

/** An import row's state (matched, unmatched, duplicate, error, credited) as a word. */
export function RowStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation("cashback");
  return (
    <Badge tone={ROW_TONES[status] ?? "neutral"} data-status={status}>
      {t(`rowStatus.${status}`)}
    </Badge>
  );
}

/** An import batch's state (previewed, committing, committed) as a word. */
export function BatchStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation("cashback");
  return (
    <Badge tone={BATCH_TONES[status] ?? "warning"} data-status={status} data-testid="batch-status">
      {t(`batchStatus.${status}`)}
    </Badge>
  );
}
