import SparklesIcon from "@heroicons/react/24/outline/SparklesIcon";

/**
 * A gacha's or reward's image, or a drawn placeholder when it has none. Decorative: the name
 * is always written next to it, so the image has no text alternative of its own.
 */
export function GachaArt({
  src,
  className = "",
  size = "card",
}: {
  src: string | null;
  className?: string;
  size?: "card" | "thumb";
}) {
  const box = size === "thumb" ? "h-10 w-10 rounded-md" : "aspect-[16/9] w-full rounded-t-xl";
  if (src) {
    return <img src={src} alt="" loading="lazy" className={`${box} object-cover ${className}`} />;
  }
  return (
    <div
      aria-hidden="true"
      className={`${box} flex items-center justify-center bg-gradient-to-br from-amber-200 via-rose-200 to-violet-300 text-white dark:from-amber-700 dark:via-rose-800 dark:to-violet-900 ${className}`}
    >
      <SparklesIcon className={size === "thumb" ? "h-5 w-5" : "h-12 w-12 drop-shadow"} />
    </div>
  );
}
