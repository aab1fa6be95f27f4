import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import type { LiveActor, LiveEvent } from '../../app/live-actors';

const time = new Intl.DateTimeFormat('es-CO', {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  fractionalSecondDigits: 3,
  hourCycle: 'h23',
});

/** `pathname=/home/players, hidden=false`: the fields the registry kept. */
const detailText = (event: LiveEvent) =>
  Object.entries(event.detail)
    .map(([key, value]) => `${key}=${String(value)}`)
    .join(', ');

export interface LiveActorPanelProps {
  live: LiveActor | undefined;
  /** The current states, as dotted paths (`authenticated.user.idle`). */
  states: string[];
}

/** 'Estado actual' and 'Últimos eventos' of a running app-wide actor. */
export function LiveActorPanel({ live, states }: LiveActorPanelProps) {
  const eventsTitle = useId();
  const running = Boolean(live?.actor);
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h3">
        Estado actual
      </Typography>
      <Typography
        component="p"
        aria-live="polite"
        sx={{ fontFamily: 'monospace', mb: 2, wordBreak: 'break-word' }}
      >
        {running ? states.join(', ') : 'Sin actor en ejecución en esta pestaña'}
      </Typography>
      <Typography variant="h6" component="h3" id={eventsTitle}>
        Últimos eventos
      </Typography>
      {live && live.events.length > 0 ? (
        <Box
          component="ol"
          aria-labelledby={eventsTitle}
          sx={{ m: 0, pl: 0, listStyle: 'none', fontFamily: 'monospace', fontSize: 13 }}
        >
          {live.events.map((event, index) => (
            <Box
              component="li"
              key={`${event.at}-${index}`}
              sx={{ py: 0.25, wordBreak: 'break-word' }}
            >
              <Box component="time" dateTime={new Date(event.at).toISOString()} sx={{ mr: 1 }}>
                {time.format(event.at)}
              </Box>{' '}
              <strong>{event.type}</strong>
              {Object.keys(event.detail).length > 0 && ` (${detailText(event)})`}
            </Box>
          ))}
        </Box>
      ) : (
        <Typography color="text.secondary">Ningún evento todavía.</Typography>
      )}
    </Paper>
  );
}
