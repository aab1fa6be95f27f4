import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { useSaveFlow } from '../../components/use-machine-flow';
import type { createAccountFormImplementations } from '../../machines/account.actors';
import { ACCOUNT_FORM_EDIT, accountFormMachine } from '../../machines/account.actors';

type Implementations = ReturnType<typeof createAccountFormImplementations>;

/**
 * One form of the account page on the shared save machine: `submit` sends its values,
 * `busy`/`canSubmit` drive the button, `failure` the refusal, `saved` the server's answer
 * (forms whose answer replaces them).
 */
export function useAccountForm(
  implementations: () => Implementations,
  options: { afterSave: 'edit' | 'show' } = ACCOUNT_FORM_EDIT,
) {
  const [logic] = useState(() => accountFormMachine.provide(implementations()));
  const form = useSaveFlow(logic, { dialog: false, afterSave: options.afterSave });
  return {
    submit: form.submit,
    busy: form.busy,
    canSubmit: form.canSave,
    failure: form.failure,
    saved: form.saved,
  };
}

/** A section of the account page: a card with its heading, reachable as `#id`. */
export function AccountSection(props: {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper
      component="section"
      variant="outlined"
      id={props.id}
      aria-labelledby={`${props.id}-title`}
      sx={{ p: { xs: 2, sm: 3 }, scrollMarginTop: 80 }}
    >
      <Typography variant="h6" component="h2" id={`${props.id}-title`}>
        {props.title}
      </Typography>
      {props.description && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {props.description}
        </Typography>
      )}
      {props.children}
    </Paper>
  );
}

/** The refusal of a form, as a whole (its field errors are also on the fields). */
export function FormFailure({ message }: { message: string | null | undefined }) {
  return message ? (
    <Alert severity="error" sx={{ mt: 2 }}>
      {message}
    </Alert>
  ) : null;
}
