import { useEffect } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import type { RequestFailure } from '../../lib/request-failure';

/**
 * The props that tie an MUI TextField to a react-hook-form field: the registration, the
 * ref on the input, and the field's message (client-side from the contract schema, or
 * the server's, set by useServerFieldErrors) as helper text.
 */
export function textFieldProps<T extends FieldValues>(form: UseFormReturn<T>, name: Path<T>) {
  const { ref, ...field } = form.register(name);
  const message = form.getFieldState(name, form.formState).error?.message;
  return {
    ...field,
    id: `field-${name}`,
    inputRef: ref,
    error: Boolean(message),
    helperText: message,
  };
}

/**
 * Puts the server's field errors (`errors: [{ path, message }]`) on the form's fields, so
 * the person sees them where they type. Fields the form does not show are left to the
 * general message.
 */
export function useServerFieldErrors<T extends FieldValues>(
  form: UseFormReturn<T>,
  failure: RequestFailure | null,
  fields: ReadonlyArray<Path<T>>,
): void {
  const { setError } = form;
  useEffect(() => {
    if (!failure) return;
    for (const field of fields) {
      const message = failure.fieldErrors[field];
      if (message) setError(field, { type: 'server', message }, { shouldFocus: true });
    }
    // `fields` is a constant list per screen.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [failure, setError]);
}
