import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import {
  CALL_UP_REASON_MAX,
  type CallUp,
  type CallUpAnswerInput,
  callUpAnswerLabels,
} from '../../../contract/call-ups.schema';
import { useSaveFlow } from '../../components/use-machine-flow';
import { CALL_UP_ANSWER_OPTIONS } from '../../machines/call-ups.actors';
import { useCallUpAnswerLogic } from './call-ups.logic';

type Reply = CallUpAnswerInput['answer'];
const REPLIES = ['yes', 'no', 'maybe'] as const satisfies readonly Reply[];

interface AnswerRowProps {
  clubId: number;
  sessionId: number;
  playerId: number;
  /** The player's row as the server has it; undefined when the caller cannot see it. */
  row: CallUp | undefined;
}

/**
 * A player's (or a guardian's, for their child) answer: 'Voy' is sent at once; 'No voy'
 * and 'Tal vez' first offer an optional reason, then 'Enviar respuesta'. The server's
 * answer is the one selected.
 */
export function CallUpAnswerRow({ clubId, sessionId, playerId, row }: AnswerRowProps) {
  const { busy, failure, submit } = useSaveFlow(
    useCallUpAnswerLogic(clubId, sessionId),
    CALL_UP_ANSWER_OPTIONS,
  );
  const saved = row && row.answer !== 'pending' ? row.answer : null;
  const [choice, setChoice] = useState<Reply | null>(null);
  const [reason, setReason] = useState(row?.reason ?? '');
  const selected = choice ?? saved;
  const name = row?.name ?? null;
  const send = (answer: Reply, text?: string) =>
    submit({ playerId, values: text?.trim() ? { answer, reason: text } : { answer } });
  const choose = (answer: Reply | null) => {
    if (answer === null) return;
    setChoice(answer);
    if (answer === 'yes') send('yes');
  };
  const asksReason = selected === 'no' || selected === 'maybe';
  const unchanged = selected === saved && reason.trim() === (row?.reason ?? '');

  return (
    <Stack
      component="li"
      sx={{ gap: 1, listStyle: 'none' }}
      aria-label={name ? `Respuesta de ${name}` : 'Tu respuesta'}
    >
      {name && <Typography variant="subtitle2">{name}</Typography>}
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        value={selected}
        disabled={busy}
        onChange={(_, value: Reply | null) => choose(value)}
        aria-label={name ? `¿${name} va?` : '¿Vas?'}
      >
        {REPLIES.map((reply) => (
          <ToggleButton key={reply} value={reply} sx={{ flex: 1 }}>
            {callUpAnswerLabels[reply]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {asksReason && (
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, alignItems: 'flex-start' }}>
          <TextField
            size="small"
            label="Motivo (opcional)"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            slotProps={{ htmlInput: { maxLength: CALL_UP_REASON_MAX } }}
            sx={{ flex: 1, width: '100%' }}
          />
          {!unchanged && (
            <Button
              variant="contained"
              disabled={busy}
              aria-busy={busy}
              onClick={() => send(selected, reason)}
            >
              Enviar respuesta
            </Button>
          )}
        </Stack>
      )}
      {failure && <Alert severity="error">{failure.message}</Alert>}
    </Stack>
  );
}
