import { Link, type LinkProps } from "@remix-run/react";
import type { ButtonHTMLAttributes } from "react";
import { focusRing } from "../shell/styles";

/**
 * The one place a button's look is defined: buttons, and links that act as buttons, take
 * their classes from `buttonClass`. Every size is a 44 px touch target on a phone; `sm` (an
 * action inside a table row) is compact from the `sm` breakpoint up, where a mouse points.
 */

export type ButtonVariant = "primary" | "secondary" | "danger";
export type ButtonSize = "sm" | "md" | "lg";

const VARIANTS: Record<ButtonVariant, string> = {
  primary: "bg-emerald-600 text-white shadow-sm hover:bg-emerald-700",
  secondary:
    "border border-slate-300 bg-white text-slate-800 shadow-sm hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700",
  danger: "bg-red-600 text-white shadow-sm hover:bg-red-700",
};

const SIZES: Record<ButtonSize, string> = {
  sm: "min-h-11 whitespace-nowrap px-3 py-1 text-xs sm:min-h-0 sm:px-2.5",
  md: "min-h-11 px-4 py-2 text-sm",
  lg: "min-h-12 px-6 py-3 text-base",
};

export interface ButtonLook {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Full width on a phone, its own width from the `sm` breakpoint. */
  block?: boolean;
  /** Layout only (width, margins, gaps): never colours or sizes. */
  className?: string;
}

export function buttonClass({
  variant = "primary",
  size = "md",
  block = false,
  className = "",
}: ButtonLook = {}): string {
  return [
    "inline-flex items-center justify-center gap-1.5 rounded-md text-center font-semibold disabled:opacity-60",
    VARIANTS[variant],
    SIZES[size],
    block ? "w-full sm:w-auto" : "",
    focusRing,
    className,
  ]
    .filter(Boolean)
    .join(" ");
}

type ButtonProps = ButtonLook & Omit<ButtonHTMLAttributes<HTMLButtonElement>, "className">;

export function Button({ variant, size, block, className, type = "button", ...rest }: ButtonProps) {
  return (
    <button type={type} className={buttonClass({ variant, size, block, className })} {...rest} />
  );
}

type LinkButtonProps = ButtonLook & Omit<LinkProps, "className">;

/** A link that looks like a button: for the main action when it opens another page. */
export function LinkButton({ variant, size, block, className, ...rest }: LinkButtonProps) {
  return <Link className={buttonClass({ variant, size, block, className })} {...rest} />;
}
