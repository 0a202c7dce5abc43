import MegaphoneIcon from "@heroicons/react/24/outline/MegaphoneIcon";

/**
 * A campaign's image, or (on a card) a short drawn band when it has none. Decorative: the
 * title is always written next to it.
 */
export function CampaignArt({ src, className = "" }: { src: string | null; className?: string }) {
  if (src) {
    return (
      <img
        src={src}
        alt=""
        loading="lazy"
        className={`aspect-[16/9] w-full object-cover ${className}`}
      />
    );
  }
  return (
    <div
      aria-hidden="true"
      className="flex h-24 w-full items-center justify-center bg-gradient-to-br from-emerald-200 via-teal-200 to-sky-300 text-white dark:from-emerald-800 dark:via-teal-800 dark:to-sky-900"
    >
      <MegaphoneIcon className="h-10 w-10 drop-shadow" />
    </div>
  );
}

/** Text people wrote (a body, conditions): as text, line breaks kept, never as HTML. */
export function PlainText({
  text,
  className = "",
  testId,
}: {
  text: string;
  className?: string;
  testId?: string;
}) {
  return (
    <p className={`whitespace-pre-wrap break-words ${className}`} data-testid={testId}>
      {text}
    </p>
  );
}
