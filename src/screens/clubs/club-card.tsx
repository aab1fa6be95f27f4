import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { Club } from '../../../contract/clubs.schema';
import { statusLabel } from './club-labels';

interface ClubCardProps {
  club: Club;
  role: string;
  selected: boolean;
  canManage: boolean;
  /** Select it; undefined when the session does not list it (the auth machine would ignore it). */
  onSelect?: () => void;
  onArchive: () => void;
}

/** One of the user's clubs: what it is, the user's role in it, and what they may do with it. */
export function ClubCard({ club, role, selected, canManage, onSelect, onArchive }: ClubCardProps) {
  const archived = club.status === 'archived';
  const place = [club.city, club.state].filter(Boolean).join(', ');
  return (
    <Card
      component="article"
      aria-label={club.name}
      variant="outlined"
      sx={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        borderColor: selected ? 'primary.main' : undefined,
      }}
    >
      <CardContent sx={{ flexGrow: 1 }}>
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', mb: 1 }}>
          <Chip size="small" label={statusLabel(club)} color={archived ? 'default' : 'success'} />
          {selected && <Chip size="small" label="Club seleccionado" color="primary" />}
        </Stack>
        <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
          {club.name}
        </Typography>
        <Typography color="text.secondary">{club.sport ?? 'Deporte sin indicar'}</Typography>
        <Typography color="text.secondary">{place || 'Ciudad sin indicar'}</Typography>
        <Typography variant="body2" sx={{ mt: 1 }}>
          Tu rol: {role}
        </Typography>
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {!selected && !archived && onSelect && (
          <Button variant="contained" size="small" onClick={onSelect}>
            Seleccionar
          </Button>
        )}
        {canManage && (
          <Button size="small" component={RouterLink} to={`/home/create-club-team/${club.id}`}>
            Editar
          </Button>
        )}
        {canManage && !archived && (
          <Button size="small" color="error" onClick={onArchive}>
            Archivar
          </Button>
        )}
      </CardActions>
    </Card>
  );
}
