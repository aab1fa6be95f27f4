import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useForm, useWatch } from 'react-hook-form';
import {
  CONTACT_MESSAGE_MAX,
  type ContactMessageCreate,
  type ContactMessageInput,
  contactMessageCreateSchema,
} from '../../../contract/contact-messages.schema';
import { useSendContactMessage } from '../../api/contact-messages.api';
import { textFieldProps, useServerFieldErrors } from '../../components/form/form-helpers';
import { SubmitButton } from '../../components/submit-button';
import { usePageMeta } from '../../lib/use-page-meta';
import { PublicLayout } from './public-layout';

const FIELDS = ['name', 'email', 'subject', 'message'] as const;
const EMPTY: ContactMessageInput = { name: '', email: '', subject: '', message: '' };

/**
 * /contact (issue #17): a visitor writes to the platform (POST /api/contact-messages,
 * limited per connection); the same contract validates here in Spanish, and a sent message
 * is confirmed in place.
 */
export function ContactScreen() {
  usePageMeta(
    'Contacto',
    'Escríbele al equipo de Gestión deportiva: preguntas, demostraciones o ayuda con tu club.',
  );
  const send = useSendContactMessage();
  const form = useForm<ContactMessageInput, unknown, ContactMessageCreate>({
    resolver: zodResolver(contactMessageCreateSchema),
    defaultValues: EMPTY,
  });
  useServerFieldErrors(form, send.error, FIELDS);
  const length = useWatch({ control: form.control, name: 'message' })?.length ?? 0;

  const onSubmit = form.handleSubmit((values) => send.mutate(values));
  const again = () => {
    form.reset(EMPTY);
    send.reset();
  };

  return (
    <PublicLayout maxWidth={640}>
      <Typography variant="h1" sx={{ fontSize: { xs: '2rem', sm: '2.5rem' }, fontWeight: 800 }}>
        Contacto
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 2 }}>
        ¿Tienes preguntas o quieres una demostración para tu club? Escríbenos y te responderemos a
        tu correo.
      </Typography>
      {send.isSuccess ? (
        <Box role="status">
          <Alert severity="success" sx={{ mb: 2 }}>
            {send.data.message}
          </Alert>
          <Button variant="outlined" onClick={again}>
            Enviar otro mensaje
          </Button>
        </Box>
      ) : (
        <Box component="form" noValidate onSubmit={onSubmit} aria-label="Formulario de contacto">
          {send.error && (
            <Alert severity="error" sx={{ mt: 1 }}>
              {send.error.message}
            </Alert>
          )}
          <TextField
            label="Nombre"
            autoComplete="name"
            required
            {...textFieldProps(form, 'name')}
          />
          <TextField
            label="Correo electrónico"
            type="email"
            autoComplete="email"
            required
            {...textFieldProps(form, 'email')}
          />
          <TextField label="Asunto (opcional)" {...textFieldProps(form, 'subject')} />
          <MessageField form={form} length={length} />
          <SubmitButton label="Enviar mensaje" busy={send.isPending} />
        </Box>
      )}
    </PublicLayout>
  );
}

function MessageField({
  form,
  length,
}: {
  form: ReturnType<typeof useForm<ContactMessageInput, unknown, ContactMessageCreate>>;
  length: number;
}) {
  const props = textFieldProps(form, 'message');
  return (
    <TextField
      label="Mensaje"
      required
      multiline
      minRows={5}
      {...props}
      helperText={props.helperText ?? `${length} / ${CONTACT_MESSAGE_MAX} caracteres`}
    />
  );
}
