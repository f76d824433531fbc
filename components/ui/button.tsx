"use client";

import type { ButtonHTMLAttributes } from "react";
import { useHydrated } from "@/lib/client/use-hydrated";
import { buttonClasses, type ButtonVariant } from "./button-classes";
import { Spinner } from "./spinner";

export type { ButtonVariant };

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  /** Shows a spinner and blocks clicks while an action runs; the label stays, so the width does not jump. */
  loading?: boolean;
}

export function Button({
  variant = "primary",
  loading = false,
  disabled,
  className = "",
  children,
  type = "button",
  ...rest
}: ButtonProps) {
  const hydrated = useHydrated();
  return (
    <button
      type={type}
      disabled={disabled || loading || !hydrated}
      aria-busy={loading || undefined}
      className={buttonClasses(variant, className)}
      {...rest}
    >
      {loading ? <Spinner /> : null}
      {children}
    </button>
  );
}
