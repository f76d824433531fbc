"use client";

import { useMemo, useState, type ChangeEvent, type FormEvent } from "react";
import type { z } from "zod";
import { ApiError } from "@/lib/client/api-error";
import { fieldErrorsOf } from "./field-errors";

type Values<F extends string> = Record<F, string>;

export interface ValidatedForm<F extends string> {
  values: Values<F>;
  setValue: (field: F, value: string) => void;
  /** Back to the initial values, with no field marked as visited (after a successful submit). */
  reset: () => void;
  /** name, value, error and handlers for a TextField. */
  field: (name: F) => {
    name: F;
    value: string;
    error?: string;
    onChange: (event: ChangeEvent<HTMLInputElement>) => void;
    onBlur: () => void;
  };
  /** The form-level message (a server answer that names no field, or a network failure). */
  formError?: string;
  submitting: boolean;
  onSubmit: (event: FormEvent) => void;
}

/**
 * A form checked with a zod schema as the person types: a field's problem shows once they left the
 * field (or submitted), and updates live from then on. A server answer puts its per-field messages
 * (from a 422's loc) next to the fields; each disappears when that field changes.
 */
export function useValidatedForm<F extends string, S extends z.ZodType>(options: {
  initialValues: Values<F>;
  schema: S;
  /** Turns the raw strings into the schema's input (e.g. drop an empty optional name). */
  toInput?: (values: Values<F>) => unknown;
  onValid: (parsed: z.output<S>) => Promise<void>;
}): ValidatedForm<F> {
  const { initialValues, schema, toInput, onValid } = options;
  const [values, setValues] = useState(initialValues);
  const [touched, setTouched] = useState<Partial<Record<F, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);

  const parsed = useMemo(() => schema.safeParse(toInput ? toInput(values) : values), [schema, toInput, values]);
  const clientErrors = useMemo(() => fieldErrorsOf(parsed.success ? undefined : parsed.error), [parsed]);

  function setValue(name: F, value: string) {
    setValues((current) => ({ ...current, [name]: value }));
    setServerErrors((current) => {
      if (!(name in current)) return current;
      const rest = { ...current };
      delete rest[name];
      return rest;
    });
  }

  function reset() {
    setValues(initialValues);
    setTouched({});
    setServerErrors({});
  }

  function field(name: F) {
    return {
      name,
      value: values[name],
      error: serverErrors[name] ?? (touched[name] ? clientErrors[name] : undefined),
      onChange: (event: ChangeEvent<HTMLInputElement>) => setValue(name, event.target.value),
      onBlur: () => setTouched((current) => (current[name] ? current : { ...current, [name]: true })),
    };
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    setTouched(Object.fromEntries(Object.keys(values).map((name) => [name, true])) as Record<F, boolean>);
    setFormError(undefined);
    if (!parsed.success) {
      focusFirstInvalid(event.currentTarget as HTMLFormElement, Object.keys(clientErrors));
      return;
    }
    setSubmitting(true);
    onValid(parsed.data)
      .catch((error: unknown) => {
        if (error instanceof ApiError) {
          setServerErrors(error.fieldErrors);
          // A problem with a value the person cannot see (a link's token) is the form's message.
          const hidden = Object.entries(error.fieldErrors).filter(([name]) => !(name in values));
          const shownNextToFields = Object.keys(error.fieldErrors).length > hidden.length;
          setFormError(
            hidden.length > 0 ? `${hidden[0][0]}: ${hidden[0][1]}` : shownNextToFields ? undefined : error.message,
          );
        } else {
          setFormError(error instanceof Error ? error.message : String(error));
        }
      })
      .finally(() => setSubmitting(false));
  }

  return { values, setValue, reset, field, formError, submitting, onSubmit };
}

function focusFirstInvalid(form: HTMLFormElement, names: string[]) {
  for (const element of Array.from(form.elements)) {
    if (element instanceof HTMLInputElement && names.includes(element.name)) {
      element.focus();
      return;
    }
  }
}
