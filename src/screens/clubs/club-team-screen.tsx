import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useArchiveClub, useClubs } from '../../api/clubs.api';
import { AuthContext } from '../../app/auth-context';
import { useConfirmFlow } from '../../components/use-machine-flow';
import {
  selectClubs,
  selectPermissions,
  selectSelectedClubId,
} from '../../machines/auth.selectors';
import { canManageClub } from '../../lib/permissions';
import { clubArchiveMachine, createClubArchiveImplementations } from '../../machines/clubs.actors';
import { IncomingLinkRequestsCard } from '../link-requests/incoming-link-requests-card';
import { ArchiveClubDialog } from './archive-club-dialog';
import { ClubCard } from './club-card';
import { roleLabel } from './club-labels';
import { toast } from '../../components/toaster';

const CREATE_PATH = '/home/create-club-team';

const grid = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 280px), 1fr))',
} as const;

function CreateClubButton() {
  return (
    <Button variant="contained" startIcon={<Add />} component={RouterLink} to={CREATE_PATH}>
      Crear club
    </Button>
  );
}

/** /home/club-team: the user's clubs, the selected one marked; select, edit, archive. */
export function ClubTeamScreen() {
  const clubs = useClubs();
  const auth = AuthContext.useActorRef();
  const selectedId = AuthContext.useSelector(selectSelectedClubId);
  const permissions = AuthContext.useSelector(selectPermissions);
  // A super admin lists every club but may only work in those of their session (`listClub`).
  const sessionClubs = AuthContext.useSelector(selectClubs);
  const archiveClub = useArchiveClub(() => auth.send({ type: 'auth.refreshUser' }));
  const [archiveLogic] = useState(() =>
    clubArchiveMachine.provide(
      createClubArchiveImplementations({
        archiveClub: (id) => archiveClub.mutateAsync(id),
        toast,
      }),
    ),
  );
  const archive = useConfirmFlow(archiveLogic);
  const { asking: confirming, running: archiving } = archive;

  let content: ReactNode;
  if (clubs.isPending) {
    content = (
      <Box sx={grid} aria-busy="true" aria-label="Cargando clubes">
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} variant="rounded" height={180} />
        ))}
      </Box>
    );
  } else if (clubs.isError) {
    content = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void clubs.refetch()}>
            Reintentar
          </Button>
        }
      >
        {clubs.error.message}
      </Alert>
    );
  } else if (clubs.data.length === 0) {
    content = (
      <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
        <Typography sx={{ mb: 2 }}>Todavía no perteneces a ningún club</Typography>
        <CreateClubButton />
      </Paper>
    );
  } else {
    content = (
      <Box sx={grid}>
        {clubs.data.map((club) => (
          <ClubCard
            key={club.id}
            club={club}
            role={roleLabel(club, permissions)}
            selected={club.id === selectedId}
            canManage={canManageClub(permissions, club.roles)}
            onSelect={
              sessionClubs.some(({ id }) => id === club.id)
                ? () =>
                    auth.send({ type: 'auth.selectClub', club: { id: club.id, name: club.name } })
                : undefined
            }
            onArchive={() => archive.request({ id: club.id, name: club.name })}
          />
        ))}
      </Box>
    );
  }

  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto', px: 2, py: 4 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ gap: 2, mb: 3, justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Typography variant="h1">Club / Equipo</Typography>
        {clubs.isSuccess && clubs.data.length > 0 && <CreateClubButton />}
      </Stack>
      <IncomingLinkRequestsCard />
      {content}
      <ArchiveClubDialog
        club={confirming}
        busy={archiving}
        onCancel={archive.cancel}
        onConfirm={archive.confirm}
      />
    </Box>
  );
}
