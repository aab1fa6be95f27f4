import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import {
  type CallUp,
  type CallUpAnswer,
  type CallUpList,
  callUpAnswerLabels,
} from '../../../contract/call-ups.schema';

/** Each answer's colour, from the theme's palette. */
export const answerColour = {
  yes: 'success',
  no: 'error',
  maybe: 'warning',
  pending: 'default',
} as const satisfies Record<CallUpAnswer, string>;

const ORDER = ['yes', 'no', 'maybe', 'pending'] as const;

/** 'Voy 3 · No voy 1 · Tal vez 0 · Sin respuesta 2', one chip each. */
export function CallUpSummary({ summary }: { summary: CallUpList['summary'] }) {
  return (
    <Stack
      direction="row"
      component="ul"
      aria-label="Resumen de respuestas"
      sx={{ gap: 1, flexWrap: 'wrap', p: 0, m: 0, listStyle: 'none' }}
    >
      {ORDER.map((answer) => (
        <li key={answer}>
          <Chip
            size="small"
            variant={answer === 'pending' ? 'outlined' : 'filled'}
            color={answerColour[answer]}
            label={`${callUpAnswerLabels[answer]} ${summary[answer]}`}
          />
        </li>
      ))}
    </Stack>
  );
}

/** The players called up, each with their answer and reason (what the caller may see). */
export function CallUpRows({ rows }: { rows: readonly CallUp[] }) {
  return (
    <List dense disablePadding aria-label="Jugadores convocados">
      {rows.map((row) => (
        <ListItem
          key={row.player_id}
          disableGutters
          secondaryAction={
            <Chip
              size="small"
              variant={row.answer === 'pending' ? 'outlined' : 'filled'}
              color={answerColour[row.answer]}
              label={callUpAnswerLabels[row.answer]}
            />
          }
        >
          <ListItemText
            primary={row.name}
            secondary={row.reason ? `Motivo: ${row.reason}` : null}
            sx={{ pr: 12 }}
          />
        </ListItem>
      ))}
    </List>
  );
}
