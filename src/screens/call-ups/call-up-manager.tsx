import Campaign from '@mui/icons-material/Campaign';
import GroupAdd from '@mui/icons-material/GroupAdd';
import WhatsApp from '@mui/icons-material/WhatsApp';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CallUpList } from '../../../contract/call-ups.schema';
import type { Session } from '../../../contract/sessions.schema';
import { useConfirmFlow, useSaveFlow } from '../../components/use-machine-flow';
import { CALL_UP_PICKER_OPTIONS } from '../../machines/call-ups.actors';
import { CallUpPickerDialog } from './call-up-picker-dialog';
import { callUpWhatsappUrl } from './call-up-share';
import { CallUpRows, CallUpSummary } from './call-up-summary';
import { useCallUpPickerLogic, useCallUpRemindLogic } from './call-ups.logic';
import { useClubTimeZone } from '../calendar/use-club-time-zone';

interface ManagerProps {
  clubId: number;
  session: Session;
  list: CallUpList;
}

/**
 * What whoever manages the session sees of its call-up: 'Convocar jugadores', the answers
 * ('Voy N · No voy N · Tal vez N · Sin respuesta N' and each player's), 'Recordar a los que
 * no han respondido' and 'Compartir por WhatsApp'. A cancelled session only shows them.
 */
export function CallUpManager({ clubId, session, list }: ManagerProps) {
  const picker = useSaveFlow(useCallUpPickerLogic(clubId, session.id), CALL_UP_PICKER_OPTIONS);
  const reminder = useConfirmFlow(useCallUpRemindLogic(clubId, session.id));
  const reminding = reminder.running;
  // The shared text says the club's time; the link waits for the club's zone.
  const timeZone = useClubTimeZone(clubId);
  const open = () => picker.open({ calledIds: list.data.map((row) => row.player_id) });
  const active = session.status !== 'cancelled';
  const nobody = list.summary.called === 0;

  return (
    <>
      {nobody ? (
        <Typography variant="body2" color="text.secondary">
          Nadie convocado todavía.
        </Typography>
      ) : (
        <CallUpSummary summary={list.summary} />
      )}
      {active && (
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
          <Button
            variant={nobody ? 'contained' : 'outlined'}
            startIcon={<GroupAdd />}
            onClick={open}
          >
            Convocar jugadores
          </Button>
          {!nobody && (
            <>
              <Button
                variant="outlined"
                startIcon={<Campaign />}
                disabled={reminding || list.summary.pending === 0}
                aria-busy={reminding}
                onClick={() => reminder.request(session.id, false)}
              >
                Recordar a los que no han respondido
              </Button>
              {timeZone && (
                <Button
                  variant="outlined"
                  color="success"
                  startIcon={<WhatsApp />}
                  href={callUpWhatsappUrl(session, window.location.origin, timeZone)}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  Compartir por WhatsApp
                </Button>
              )}
            </>
          )}
        </Stack>
      )}
      {!nobody && <CallUpRows rows={list.data} />}
      <CallUpPickerDialog
        clubId={clubId}
        sessionId={session.id}
        subject={picker.subject}
        called={list.data}
        busy={picker.busy}
        failure={picker.failure}
        onCancel={picker.close}
        onSave={picker.submit}
      />
    </>
  );
}
