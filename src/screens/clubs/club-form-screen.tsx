import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useParams } from 'react-router';
import { clubMessages, type Club } from '../../../contract/clubs.schema';
import { useClub } from '../../api/clubs.api';
import { AuthContext } from '../../app/auth-context';
import { useServerFieldErrors } from '../../components/form/form-helpers';
import { SubmitButton } from '../../components/submit-button';
import { useSaveFlow } from '../../components/use-machine-flow';
import { canManageClub } from '../../lib/permissions';
import { selectPermissions } from '../../machines/auth.selectors';
import { CLUB_FORM_OPTIONS } from '../../machines/clubs.actors';
import { CLUB_FORM_FIELDS, ClubFormFieldset, type ClubFormFields } from './club-form-fields';
import { useClubFormLogic } from './club-form.logic';
import { clubFieldsOf, clubResolverFor, emptyClubFields } from './club-form.values';
import { CLUB_LIST_PATH } from './club-labels';

function ClubForm({ club }: { club: Club | null }) {
  const editing = club !== null;
  const logic = useClubFormLogic(club);
  const { busy: saving, canSave, failure, submit } = useSaveFlow(logic, CLUB_FORM_OPTIONS);
  const form = useForm<ClubFormFields>({
    resolver: clubResolverFor(editing),
    defaultValues: club ? clubFieldsOf(club) : emptyClubFields,
  });
  useServerFieldErrors(form, failure, CLUB_FORM_FIELDS);
  const onSubmit = form.handleSubmit(submit);

  return (
    <Paper
      variant="outlined"
      component="form"
      noValidate
      onSubmit={onSubmit}
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      {failure && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {failure.message}
        </Alert>
      )}
      <ClubFormFieldset form={form} />
      <Stack
        direction={{ xs: 'column-reverse', sm: 'row' }}
        sx={{ gap: 1, mt: 1, alignItems: { sm: 'flex-end' } }}
      >
        <Button component={RouterLink} to={CLUB_LIST_PATH} size="large" sx={{ mt: { sm: 2 } }}>
          Cancelar
        </Button>
        <SubmitButton
          label={editing ? 'Guardar cambios' : 'Crear club'}
          busy={saving}
          disabled={!canSave}
        />
      </Stack>
    </Paper>
  );
}

/** /home/create-club-team and /home/create-club-team/:clubIdToEdit. */
export function ClubFormScreen() {
  const { clubIdToEdit } = useParams();
  const editing = clubIdToEdit !== undefined;
  const id = editing && /^\d+$/.test(clubIdToEdit) ? Number(clubIdToEdit) : 0;
  const club = useClub(id);
  const permissions = AuthContext.useSelector(selectPermissions);

  let body: ReactNode;
  if (!editing) body = <ClubForm club={null} />;
  else if (id === 0 || club.isError) {
    body = <Alert severity="error">{club.error?.message ?? clubMessages.notFound}</Alert>;
  } else if (club.isPending) {
    body = <Skeleton variant="rounded" height={480} role="status" aria-label="Cargando club" />;
  } else if (!canManageClub(permissions, club.data.roles)) {
    body = <Alert severity="warning">No tienes permiso para editar este club</Alert>;
  } else body = <ClubForm key={club.data.id} club={club.data} />;

  return (
    <Box sx={{ maxWidth: 720, mx: 'auto', px: 2, py: 4 }}>
      <Typography variant="h1" sx={{ mb: 3 }}>
        {editing ? 'Editar club / equipo' : 'Crear club / equipo'}
      </Typography>
      {body}
    </Box>
  );
}
