import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../i18n/react';
import type { z } from 'zod';
import { ApiError } from '../api/client';
import { useApiErrorText } from '../api/useApiError';

export type FieldErrors = Record<string, string>;

/** The part of a TanStack mutation a form shows: its refusal, and a way to forget it. */
export interface FormWrite {
  error: unknown;
  reset(): void;
}

export interface FormOptions {
  /** The mutation the form submits: its refusal is shown per field or in the summary box. */
  write?: FormWrite;
  /** Key in the errors namespace for a refusal whose code has no text of its own. */
  failKey?: string;
  /**
   * The summary sentence for a refusal that names no field (`text` is already translated);
   * answer undefined when the form handles that refusal another way (a dialog, another mode).
   */
  failText?: (text: string, error: unknown) => string | undefined;
}

// Fields render with id `field-<name>` (components/ui/form.tsx); the first invalid one takes focus.
const focusFirst = (errors: FieldErrors) => {
  const first = Object.keys(errors)[0];
  if (first) document.getElementById(`field-${first}`)?.focus();
};

/** The server's per-field refusal (`validation_failed` with details), or none. */
function serverFieldErrors(error: unknown): FieldErrors {
  if (!(error instanceof ApiError) || error.code !== 'validation_failed' || !error.details?.length)
    return {};
  const errors: FieldErrors = {};
  for (const detail of error.details) errors[detail.field] ??= detail.message;
  return errors;
}

/**
 * A form on one of the shared zod schemas: the same rules the server applies, checked first in
 * the browser. Field errors are message keys (`validation` namespace); the server's refusal comes
 * from the form's mutation (`options.write`), so nothing here catches errors by hand. Editing any
 * field clears the errors (spec core §5); what the person typed is never thrown away.
 */
export function useForm<Values extends Record<string, string>>(
  initial: Values,
  options: FormOptions = {},
) {
  const { t } = useTranslation('validation');
  const errorText = useApiErrorText();
  const [values, setValues] = useState<Values>(initial);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | undefined>();
  const { write, failKey, failText } = options;
  const serverError = write?.error ?? null;
  const resetWrite = write?.reset;
  // Only a refusal is forgotten: resetting a write in flight would drop its success handlers.
  const refused = serverError !== null;
  const forgetRefusal = useCallback(() => {
    if (refused) resetWrite?.();
  }, [refused, resetWrite]);

  const fromServer = useMemo(() => serverFieldErrors(serverError), [serverError]);
  useEffect(() => focusFirst(fromServer), [fromServer]);

  const set = useCallback(
    (field: keyof Values & string, value: string) => {
      setValues((current) => ({ ...current, [field]: value }));
      setFieldErrors({});
      setFormError(undefined);
      forgetRefusal();
    },
    [forgetRefusal],
  );

  /** Checks the values; answers the parsed data, or undefined after showing what is wrong. */
  function check<S extends z.ZodType>(schema: S, extra: FieldErrors = {}): z.infer<S> | undefined {
    forgetRefusal();
    const parsed = schema.safeParse(values);
    const errors: FieldErrors = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '');
        errors[field] ??= issue.message;
      }
    }
    for (const [field, message] of Object.entries(extra)) errors[field] ??= message;
    setFieldErrors(errors);
    setFormError(undefined);
    if (Object.keys(errors).length > 0) {
      focusFirst(errors);
      return undefined;
    }
    return parsed.success ? parsed.data : undefined;
  }

  const shownFieldErrors = { ...fromServer, ...fieldErrors };
  const fieldError = (field: string) =>
    shownFieldErrors[field] ? t(shownFieldErrors[field]) : undefined;
  const refusal =
    serverError && Object.keys(fromServer).length === 0
      ? (failText ?? ((text) => text))(errorText(serverError, failKey), serverError)
      : undefined;

  /** Everything a TextField or TextArea needs for one field: `<TextField {...form.field('email')} />`. */
  const field = (name: keyof Values & string) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => set(name, event.target.value),
    error: fieldError(name),
  });
  const messages = [
    ...Object.values(shownFieldErrors).map((key) => t(key)),
    ...(formError ? [formError] : []),
    ...(refusal ? [refusal] : []),
  ];

  return { values, set, check, field, fieldError, messages, setFormError, setValues };
}
