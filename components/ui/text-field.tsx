import { useId, type InputHTMLAttributes } from "react";
import { FOCUS_RING } from "./button-classes";

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id"> {
  label: string;
  /** Shown under the input while there is no error. */
  hint?: string;
  error?: string;
}

/** A labelled input whose hint and error are tied to it for screen readers (aria-describedby). */
export function TextField({ label, hint, error, className = "", ...input }: TextFieldProps) {
  const id = useId();
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`rounded-md border bg-surface px-3 py-2 text-ink placeholder:text-ink-muted ${FOCUS_RING} ${error ? "border-red-600 dark:border-red-400" : "border-line"}`}
        {...input}
      />
      {/* The message slot keeps its height so the form does not jump when an error appears. */}
      <p
        id={error ? `${id}-error` : `${id}-hint`}
        className={`min-h-5 text-sm ${error ? "text-red-700 dark:text-red-400" : "text-ink-muted"}`}
      >
        {error ?? hint ?? ""}
      </p>
    </div>
  );
}
