import CheckIcon from "@heroicons/react/20/solid/CheckIcon";
import ClipboardDocumentIcon from "@heroicons/react/20/solid/ClipboardDocumentIcon";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { buttonClass } from "#app/components/ui/button";

/** Copies `text` to the clipboard and says so for a moment (announced to screen readers). */
export function CopyButton({ text, testId }: { text: string; testId?: string }) {
  const { t } = useTranslation("affiliate");
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      // Older browsers or an insecure origin: select-and-copy through a hidden text area.
      const area = document.createElement("textarea");
      area.value = text;
      document.body.appendChild(area);
      area.select();
      document.execCommand("copy");
      area.remove();
    }
    setCopied(true);
    window.setTimeout(() => setCopied(false), 2000);
  }
  return (
    <button
      type="button"
      onClick={() => void copy()}
      data-testid={testId}
      className={buttonClass({ className: "shrink-0" })}
    >
      {copied ? (
        <CheckIcon className="h-4 w-4" aria-hidden="true" />
      ) : (
        <ClipboardDocumentIcon className="h-4 w-4" aria-hidden="true" />
      )}
      <span aria-live="polite">{copied ? t("link.copied") : t("link.copy")}</span>
    </button>
  );
}
