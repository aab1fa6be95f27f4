import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useActorRef, useSelector } from '@xstate/react';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { fromPromise, waitFor } from 'xstate';
import {
  clubCreateSchema,
  clubUpdateSchema,
  DEFAULT_COUNTRY,
  type Club,
} from '../../../contract/club.schema';
import { useClub, useCreateClub, useUpdateClub } from '../../api/clubs.api';
import { AuthContext } from '../../app/auth-context';
import { useServerFieldErrors } from '../../components/form/form-helpers';
import { SubmitButton } from '../../components/submit-button';
import { selectClubs } from '../../machines/auth.selectors';
import { clubFormMachine, type ClubFormValues } from '../../machines/club-form.machine';
import {
  selectCanSave,
  selectIsSaving,
  selectSaveFailure,
} from '../../machines/club-form.selectors';
import { CLUB_FORM_FIELDS, ClubFormFieldset, type ClubFormFields } from './club-form-fields';

const LIST_PATH = '/home/club-team';

const emptyFields: ClubFormFields = {
  name: '',
  description: '',
  sport: '',
  country: DEFAULT_COUNTRY,
  state: '',
  city: '',
  address: '',
  phone: '',
  email: '',
  color: '',
  season_start_month: 1,
  season_end_month: 12,
};

const fieldsOf = (club: Club): ClubFormFields => {
  const fields = { ...emptyFields };
  for (const name of CLUB_FORM_FIELDS) {
    const value = club[name];
    if (value !== null) Object.assign(fields, { [name]: value });
  }
  return fields;
};

/** The contract's schema checks the form; an empty colour means "no colour" (null). */
const resolverFor = (editing: boolean): Resolver<ClubFormFields> => {
  const base = zodResolver(
    editing ? clubUpdateSchema : clubCreateSchema,
  ) as unknown as Resolver<ClubFormFields>;
  return (values, context, options) =>
    base({ ...values, color: values.color.trim() || (null as never) }, context, options);
};

/** Waits for the reloaded session to list the new club, then makes it the selected one. */
function useSelectWhenListed() {
  const auth = AuthContext.useActorRef();
  return (club: Club) =>
    void waitFor(auth, (snapshot) => selectClubs(snapshot).some(({ id }) => id === club.id), {
      timeout: 15_000,
    })
      .then(() => auth.send({ type: 'auth.selectClub', club: { id: club.id, name: club.name } }))
      .catch(() => {});
}

function ClubForm({ club }: { club: Club | null }) {
  const editing = club !== null;
  const create = useCreateClub();
  const update = useUpdateClub(club?.id ?? 0);
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const selectWhenListed = useSelectWhenListed();
  // The effects of this form, given to its machine once (STYLE.md §2).
  const [logic] = useState(() =>
    clubFormMachine.provide({
      actors: {
        save: fromPromise<Club, ClubFormValues>(({ input }) =>
          editing ? update.mutateAsync(input) : create.mutateAsync(input as never),
        ),
      },
      actions: {
        notifySaved: (_, { club: saved }) => {
          if (editing) {
            enqueueSnackbar('Cambios guardados');
            return;
          }
          enqueueSnackbar('Club creado');
          selectWhenListed(saved);
          void navigate(LIST_PATH);
        },
      },
    }),
  );
  const actor = useActorRef(logic);
  const saving = useSelector(actor, selectIsSaving);
  const canSave = useSelector(actor, selectCanSave);
  const failure = useSelector(actor, selectSaveFailure);
  const form = useForm<ClubFormFields>({
    resolver: resolverFor(editing),
    defaultValues: club ? fieldsOf(club) : emptyFields,
  });
  useServerFieldErrors(form, failure, CLUB_FORM_FIELDS);
  const onSubmit = form.handleSubmit((values) => actor.send({ type: 'club.save', values }));

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
        <Button component={RouterLink} to={LIST_PATH} size="large" sx={{ mt: { sm: 2 } }}>
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
  const id = clubIdToEdit === undefined ? 0 : Number(clubIdToEdit);
  const editing = clubIdToEdit !== undefined;
  const club = useClub(Number.isInteger(id) ? id : 0);

  let body;
  if (!editing) body = <ClubForm club={null} />;
  else if (!(id > 0) || club.isError) {
    body = <Alert severity="error">{club.error?.message ?? 'Club no encontrado'}</Alert>;
  } else if (club.isPending)
    body = <Skeleton variant="rounded" height={480} aria-label="Cargando club" />;
  else body = <ClubForm key={club.data.id} club={club.data} />;

  return (
    <Box sx={{ maxWidth: 720, mx: 'auto', px: 2, py: 4 }}>
      <Typography variant="h1" sx={{ mb: 3 }}>
        {editing ? 'Editar club / equipo' : 'Crear club / equipo'}
      </Typography>
      {body}
    </Box>
  );
}
