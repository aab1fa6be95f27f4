import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { loginRequestSchema } from '../../contract/auth.schema';
import { FormTextField } from '../../src/components/form/form-text-field';
import { useSchemaForm } from '../../src/components/form/use-schema-form';
import { NETWORK_FAILURE_MESSAGE, type RequestFailure } from '../../src/lib/request-failure';

const FIELDS = ['email', 'password'] as const;

interface FormProps {
  loadSchema: () => Promise<typeof loginRequestSchema>;
  onValid: (values: { email: string; password: string }) => void;
  failure?: RequestFailure | null;
}

/** The hook on two fields, as the sign-in screen uses it. */
function Form({ loadSchema, onValid, failure = null }: FormProps) {
  const form = useSchemaForm({ fields: FIELDS, loadSchema, failure, onValid });
  return (
    <form noValidate onSubmit={form.onSubmit}>
      {form.problem && <p role="alert">{form.problem}</p>}
      <FormTextField label="Correo" {...form.field('email')} />
      <FormTextField label="Clave" type="password" {...form.field('password')} />
      <button type="submit">Enviar</button>
    </form>
  );
}

describe('useSchemaForm', () => {
  it('imports the schema when the form is up, before any submit', async () => {
    const loadSchema = vi.fn(() => Promise.resolve(loginRequestSchema));
    render(<Form loadSchema={loadSchema} onValid={vi.fn()} />);
    await waitFor(() => expect(loadSchema).toHaveBeenCalledTimes(1));
  });

  it('sends the schema’s output, and re-checks each change after a refused submit', async () => {
    const onValid = vi.fn();
    const user = userEvent.setup();
    render(<Form loadSchema={() => Promise.resolve(loginRequestSchema)} onValid={onValid} />);

    await user.type(screen.getByLabelText('Correo'), 'ana@');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('El correo no es válido')).toBeVisible();
    expect(screen.getByText('La contraseña es obligatoria')).toBeVisible();
    // The first field in error has the focus.
    expect(screen.getByLabelText('Correo')).toHaveFocus();
    expect(onValid).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Correo'), 'Club.CO');
    await waitFor(() => expect(screen.queryByText('El correo no es válido')).toBeNull());
    await user.type(screen.getByLabelText('Clave'), 'secreto123');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() =>
      expect(onValid).toHaveBeenCalledWith({ email: 'ana@club.co', password: 'secreto123' }),
    );
  });

  it('says it cannot connect when the schema cannot be downloaded, and tries again', async () => {
    const onValid = vi.fn();
    const loadSchema = vi
      .fn<() => Promise<typeof loginRequestSchema>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(loginRequestSchema);
    const user = userEvent.setup();
    render(<Form loadSchema={loadSchema} onValid={onValid} />);
    // The download started once the form was up fails first.
    await waitFor(() => expect(loadSchema).toHaveBeenCalledTimes(1));
    await user.type(screen.getByLabelText('Correo'), 'ana@club.co');
    await user.type(screen.getByLabelText('Clave'), 'secreto123');

    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(NETWORK_FAILURE_MESSAGE);
    expect(onValid).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('puts the server’s field errors on the fields and focuses the first', async () => {
    const failure: RequestFailure = {
      status: 422,
      message: 'Datos inválidos',
      fieldErrors: { password: 'La contraseña es muy corta', other: 'no se muestra' },
    };
    render(
      <Form
        loadSchema={() => Promise.resolve(loginRequestSchema)}
        onValid={vi.fn()}
        failure={failure}
      />,
    );
    expect(await screen.findByText('La contraseña es muy corta')).toBeVisible();
    expect(screen.getByLabelText('Clave')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Clave')).toHaveFocus();
    expect(screen.queryByText('no se muestra')).toBeNull();
  });
});
