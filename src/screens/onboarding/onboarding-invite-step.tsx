import { zodResolver } from '@hookform/resolvers/zod';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { invitationCreateFields } from '../../../contract/invitations.schema';
import { textFieldProps, useServerFieldErrors } from '../../components/form/form-helpers';
import { selectFailure } from '../../machines/onboarding.selectors';
import { OnboardingWizard } from './onboarding-context';
import { StepForm } from './onboarding-step-form';
import { useStepStart } from './onboarding-step-start';

const inviteSchema = invitationCreateFields.pick({ email: true });
type InviteFields = { email: string };
const FIELDS = ['email'] as const;

/** 'Tu equipo': invite the first trainer by e-mail (optional). */
export function InviteStep() {
  const { saved, save } = useStepStart('invite');
  const failure = OnboardingWizard.useSelector(selectFailure);
  const form = useForm<InviteFields>({
    resolver: zodResolver(inviteSchema),
    defaultValues: (saved as InviteFields | undefined) ?? { email: '' },
  });
  useServerFieldErrors(form, failure, FIELDS);
  return (
    <StepForm onSubmit={form.handleSubmit(save)}>
      <Typography color="text.secondary">
        Le enviaremos un correo para que se una a tu club como Entrenador.
      </Typography>
      <TextField
        label="Correo del entrenador"
        type="email"
        autoComplete="off"
        required
        {...textFieldProps(form, 'email')}
      />
    </StepForm>
  );
}
