import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiError } from '../api/client';
import { useApiErrorText } from '../api/useApiError';

export type FieldErrors = Record<string, string>;

/**
 * A form on one of the shared zod schemas: the same rules the server applies, checked first in
 * the browser. Field errors are message keys (`validation` namespace); editing any field clears
 * the errors (spec core §5); what the person typed is never thrown away.
 */
export function useForm<Values extends Record<string, string>>(initial: Values) {
  const { t } = useTranslation('validation');
  const errorText = useApiErrorText();
  const [values, setValues] = useState<Values>(initial);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | undefined>();
  // Fields render with id `field-<name>` (components/ui/form.tsx); the first invalid one takes focus.
  const focusFirst = (errors: FieldErrors) => {
    const first = Object.keys(errors)[0];
    if (first) document.getElementById(`field-${first}`)?.focus();
  };

  const set = useCallback((field: keyof Values & string, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setFieldErrors({});
    setFormError(undefined);
  }, []);

  /** Checks the values; answers the parsed data, or undefined after showing what is wrong. */
  function check<S extends z.ZodType>(schema: S, extra: FieldErrors = {}): z.infer<S> | undefined {
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

  /** Shows a refusal from the server: per field when it names fields, else as one sentence. */
  function fail(error: unknown, fallbackKey?: string) {
    if (error instanceof ApiError && error.code === 'validation_failed' && error.details?.length) {
      const errors: FieldErrors = {};
      for (const detail of error.details) errors[detail.field] ??= detail.message;
      setFieldErrors(errors);
      focusFirst(errors);
      return;
    }
    setFormError(errorText(error, fallbackKey));
  }

  const fieldError = (field: string) => (fieldErrors[field] ? t(fieldErrors[field]) : undefined);

  /** Everything a TextField or TextArea needs for one field: `<TextField {...form.field('email')} />`. */
  const field = (name: keyof Values & string) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => set(name, event.target.value),
    error: fieldError(name),
  });
  const messages = [
    ...Object.values(fieldErrors).map((key) => t(key)),
    ...(formError ? [formError] : []),
  ];

  return { values, set, check, fail, field, fieldError, messages, setFormError, setValues };
}
