import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { DashboardSession } from '../../../contract/dashboards.schema';
import { dayTimeText, timeText } from './dashboard-texts';
import { rollCallPath, sessionCategory, sessionTitle } from './trainer-dashboard.texts';

interface TrainerSessionListProps {
  sessions: DashboardSession[];
  timeZone: string;
  /** Said when there is no session. */
  emptyText: string;
  /** 'time': today's list (the hour only); 'day': the day and the hour. */
  when: 'time' | 'day';
  /** Each session offers 'Pasar lista' (today's and those still to take). */
  rollCall?: boolean;
  label: string;
}

/** Sessions of the trainer's dashboard: when, what, which category, and the roll call. */
export function TrainerSessionList(props: TrainerSessionListProps) {
  if (props.sessions.length === 0) {
    return <Typography color="text.secondary">{props.emptyText}</Typography>;
  }
  return (
    <List aria-label={props.label} disablePadding>
      {props.sessions.map((session) => {
        const when =
          props.when === 'time'
            ? `${timeText(session.starts_at, props.timeZone)} – ${timeText(session.ends_at, props.timeZone)}`
            : dayTimeText(session.starts_at, props.timeZone);
        const title = sessionTitle(session);
        return (
          <ListItem key={session.id} divider disableGutters sx={{ gap: 1, flexWrap: 'wrap' }}>
            <Stack sx={{ flexGrow: 1, minWidth: 0 }}>
              <Typography variant="body2" color="text.secondary">
                {when}
              </Typography>
              <Typography sx={{ overflowWrap: 'anywhere' }}>{title}</Typography>
              <Typography variant="body2" color="text.secondary">
                {sessionCategory(session)}
                {session.location ? ` · ${session.location}` : ''}
              </Typography>
            </Stack>
            {session.marks > 0 && <Chip size="small" color="success" label="Lista tomada" />}
            {props.rollCall && (
              <Button
                component={RouterLink}
                to={rollCallPath(session.id)}
                variant={session.marks > 0 ? 'outlined' : 'contained'}
                size="small"
                aria-label={`Pasar lista: ${title}, ${when}`}
              >
                Pasar lista
              </Button>
            )}
          </ListItem>
        );
      })}
    </List>
  );
}
