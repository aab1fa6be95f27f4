import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { ZodType } from 'zod';
import { NETWORK_FAILURE_MESSAGE, type RequestFailure } from '../../lib/request-failure';
import { whenIdle } from '../../lib/when-idle';

/*
 * The sign-in form without a form library: its inputs keep their own values, and the
 * contract's schema, imported once the page is up, checks them on submit and again on every
 * change after that, as react-hook-form does on the other forms. /login is the first page
 * most people load, and react-hook-form plus zod would be a third of what it downloads
 * before drawing (issue 9, item 6). Every other form uses react-hook-form.
 */

type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

export interface SchemaFormOptions<Field extends string, Values> {
  /** The inputs, in the order they are shown (the first one in error gets the focus). */
  fields: readonly Field[];
  /** The contract's schema for the request, imported on demand (it brings zod). */
  loadSchema: () => Promise<ZodType<Values>>;
  /** The server's refusal: its field errors go on the fields. */
  failure: RequestFailure | null;
  /** Called with the schema's output when the form is valid. */
  onValid: (values: Values) => void;
}

/** The props `FormTextField` takes for one input of the form. */
export interface SchemaFormField {
  id: string;
  name: string;
  inputRef: (input: HTMLInputElement | null) => void;
  onChange: () => void;
  onBlur: () => void;
  error: boolean;
  helperText?: string;
}

/** The server's messages for the form's fields. */
function failureErrors<Field extends string>(
  fields: readonly Field[],
  failure: RequestFailure,
): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  for (const field of fields) {
    const message = failure.fieldErrors[field];
    if (message) errors[field] = message;
  }
  return errors;
}

export function useSchemaForm<Field extends string, Values>({
  fields,
  loadSchema,
  failure,
  onValid,
}: SchemaFormOptions<Field, Values>) {
  const inputs = useRef(new Map<Field, HTMLInputElement>());
  const schema = useRef<Promise<ZodType<Values>> | null>(null);
  const submitted = useRef(false);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  /** The schema could not be downloaded (no connection): said above the form. */
  const [problem, setProblem] = useState<string | null>(null);

  const loaded = () =>
    (schema.current ??= loadSchema().catch((error: unknown) => {
      schema.current = null;
      throw error;
    }));

  const focusFirst = (next: FieldErrors<Field>) => {
    const first = fields.find((field) => next[field]);
    if (first) inputs.current.get(first)?.focus();
  };

  const check = async (focus: boolean) => {
    let contract: ZodType<Values>;
    try {
      contract = await loaded();
    } catch {
      setProblem(NETWORK_FAILURE_MESSAGE);
      return null;
    }
    setProblem(null);
    const values = Object.fromEntries(
      fields.map((field) => [field, inputs.current.get(field)?.value ?? '']),
    );
    const result = contract.safeParse(values);
    const next: FieldErrors<Field> = {};
    for (const issue of result.error?.issues ?? []) {
      const field = fields.find((name) => name === issue.path[0]);
      if (field) next[field] ??= issue.message;
    }
    setErrors(next);
    if (focus) focusFirst(next);
    return result.success ? result.data : null;
  };

  // Once the page is up: fetch the schema (and zod) before the first submit needs them.
  useEffect(() => {
    return whenIdle(() => loaded().catch(() => {}));
    // `loaded` reads refs only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The server's field errors, where the person typed them (set while rendering, as React
  // advises for state that follows a prop; the focus is the effect's part).
  const [shownFailure, setShownFailure] = useState<RequestFailure | null>(null);
  if (failure !== shownFailure) {
    setShownFailure(failure);
    if (failure) setErrors(failureErrors(fields, failure));
  }
  useEffect(() => {
    if (failure) focusFirst(failureErrors(fields, failure));
    // `fields` is a constant list per screen; `focusFirst` reads refs only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [failure]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submitted.current = true;
    const values = await check(true);
    if (values !== null) onValid(values);
  };

  const field = (name: Field): SchemaFormField => ({
    id: `field-${name}`,
    name,
    inputRef: (input) => {
      if (input) inputs.current.set(name, input);
      else inputs.current.delete(name);
    },
    onChange: () => {
      if (submitted.current) void check(false);
    },
    onBlur: () => {},
    error: Boolean(errors[name]),
    helperText: errors[name],
  });

  return { field, onSubmit, problem };
}
