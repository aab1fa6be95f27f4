import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { DEFAULT_TIME_ZONE, formatInstantDay } from '../../../contract/dates.format';
import type { CalendarFeed } from '../../../contract/calendar-feeds.schema';
import { calendarFeedsQuery } from '../../api/calendar-feeds.api';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useConfirmFlow } from '../../components/use-machine-flow';
import { useCalendarFeedRevokeLogic } from './calendar-feeds.logic';
import { useClubTimeZone } from './use-club-time-zone';

/** 'Mi calendario' or the category's name. */
const feedName = (feed: Pick<CalendarFeed, 'kind' | 'category_name'>) =>
  feed.kind === 'person' ? 'Mi calendario' : (feed.category_name ?? 'Categoría');

/**
 * 'Tus enlaces': the person's feeds in the club, newest first, each with 'Revocar'
 * (asked first: the calendars subscribed to it stop receiving sessions); revoked ones
 * marked.
 */
export function CalendarFeedsList({ clubId }: { clubId: number }) {
  const feeds = useQuery(calendarFeedsQuery(clubId));
  const revoker = useConfirmFlow(useCalendarFeedRevokeLogic(clubId));
  const timeZone = useClubTimeZone(clubId) ?? DEFAULT_TIME_ZONE;
  const { asking, running: busy, inFlight } = revoker;
  return (
    <Stack component="section" aria-labelledby="calendar-feeds-list-title" sx={{ gap: 0.5 }}>
      <Typography id="calendar-feeds-list-title" variant="h3">
        Tus enlaces
      </Typography>
      {feeds.isPending && <LinearProgress aria-label="Cargando enlaces" />}
      {feeds.isError && (
        <Alert severity="error">No se pudieron cargar tus enlaces: {feeds.error.message}</Alert>
      )}
      {feeds.data?.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          Todavía no has creado enlaces.
        </Typography>
      )}
      <List dense disablePadding>
        {(feeds.data ?? []).map((feed) => (
          <ListItem
            key={feed.id}
            disableGutters
            secondaryAction={
              feed.revoked_at ? (
                <Chip size="small" variant="outlined" label="Revocado" />
              ) : (
                <Button
                  size="small"
                  color="error"
                  disabled={inFlight?.id === feed.id}
                  aria-label={`Revocar el enlace de ${feedName(feed)} creado el ${formatInstantDay(feed.created_at, timeZone)}`}
                  onClick={() => revoker.request(feed)}
                >
                  Revocar
                </Button>
              )
            }
          >
            <ListItemText
              primary={feedName(feed)}
              secondary={`Creado el ${formatInstantDay(feed.created_at, timeZone)}`}
              sx={{ pr: 10, opacity: feed.revoked_at ? 0.6 : 1 }}
            />
          </ListItem>
        ))}
      </List>
      <ConfirmDialog
        open={asking !== null}
        title={`¿Revocar el enlace de ${asking ? feedName(asking) : ''}?`}
        text="El enlace dejará de funcionar en los calendarios suscritos."
        confirmLabel="Revocar"
        busy={busy}
        onCancel={revoker.cancel}
        onConfirm={revoker.confirm}
      />
    </Stack>
  );
}
