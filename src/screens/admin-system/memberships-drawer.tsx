import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { adminClubStatusLabels } from '../../../contract/admin-clubs.schema';
import { userMembershipsQuery } from '../../api/admin-users.api';

/** A user's clubs and roles, in a side drawer (a full-width sheet on a phone). */
export function MembershipsDrawer(props: {
  user: { id: number; name: string } | null;
  onClose: () => void;
}) {
  const { user, onClose } = props;
  const titleId = useId();
  return (
    // The drawer is a modal dialog: its title names it.
    <Drawer
      anchor="right"
      open={user !== null}
      onClose={onClose}
      slotProps={{ paper: { 'aria-labelledby': titleId } }}
    >
      <Box
        sx={{ width: { xs: '100vw', sm: 400 }, p: 3 }}
        role="region"
        aria-label="Clubes del usuario"
      >
        <Typography id={titleId} variant="h2" sx={{ mb: 2 }}>
          Clubes de {user?.name}
        </Typography>
        {user && <Memberships userId={user.id} />}
        <Button onClick={onClose} sx={{ mt: 2 }}>
          Cerrar
        </Button>
      </Box>
    </Drawer>
  );
}

function Memberships({ userId }: { userId: number }) {
  const query = useQuery(userMembershipsQuery(userId));
  if (query.isPending) return <CircularProgress aria-label="Cargando clubes" />;
  if (query.isError) return <Alert severity="error">{query.error.message}</Alert>;
  if (query.data.length === 0) return <Typography>No pertenece a ningún club.</Typography>;
  return (
    <List>
      {query.data.map((club) => (
        <ListItem key={club.club_id} disableGutters>
          <ListItemText
            primary={`${club.club_name} · ${adminClubStatusLabels[club.club_status]}`}
            secondary={
              <Box component="span" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
                {club.roles.map((role) => (
                  <Chip key={role.id} size="small" label={role.name} component="span" />
                ))}
              </Box>
            }
          />
        </ListItem>
      ))}
    </List>
  );
}
