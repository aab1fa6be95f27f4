import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import type { AttendanceMark, AttendanceOwnerRef } from '../../lib/attendance-queue';
import * as sync from '../../machines/attendance-sync.selectors';
import { AttendanceCloseButton } from './attendance-close-button';
import { AttendanceConflictDialog } from './attendance-conflict-dialog';
import { AttendanceHeader } from './attendance-header';
import {
  conflictRows,
  countsOf,
  countsText,
  cycled,
  marksOf,
  rowsOf,
  withNote,
} from './attendance-marks';
import { AttendanceRow } from './attendance-row';
import { AttendanceSyncStatus } from './attendance-sync-status';
import {
  type RollCallData,
  useAttendanceSyncLogic,
  useConnectionEvents,
  useReloadRollCall,
} from './attendance.logic';

interface RollCallProps {
  /** The signed-in user's roll call of this session (their list, their device copy). */
  owner: AttendanceOwnerRef;
  data: RollCallData;
}

/**
 * The roll call of one session (issue #14): everyone pre-marked present, one tap per
 * change, 'Guardar' once. The list is kept on the device and sent by the attendance-sync
 * machine whenever there is a connection.
 */
export function RollCall({ owner, data }: RollCallProps) {
  const { session, sheet, cachedAt } = data;
  const syncer = useActorRef(useAttendanceSyncLogic(owner), {
    input: { ...owner, online: navigator.onLine },
  });
  useConnectionEvents(syncer);
  const reload = useReloadRollCall(owner.clubId);
  const status = useSelector(syncer, sync.selectSyncStatus);
  const pendingMarks = useSelector(syncer, sync.selectPendingMarks);
  const leftOverSince = useSelector(syncer, sync.selectLeftOverSince);
  const conflict = useSelector(syncer, sync.selectConflict);
  const canSave = useSelector(syncer, sync.selectCanSave);
  const canRetry = useSelector(syncer, sync.selectCanRetry);
  const canDiscard = useSelector(syncer, sync.selectCanDiscard);
  const settled = useSelector(syncer, sync.selectIsSettled);
  const failure = useSelector(syncer, sync.selectSyncFailure);

  /** Marks changed on screen since the last 'Guardar'; null: none. */
  const [draft, setDraft] = useState<AttendanceMark[] | null>(null);
  const [noteFor, setNoteFor] = useState<number | null>(null);
  const rows = useMemo(() => rowsOf(sheet, draft ?? pendingMarks), [sheet, draft, pendingMarks]);
  const readOnly = sheet.closed_at !== null || !sheet.can_manage || session.status === 'cancelled';
  const names = useMemo(() => new Map(rows.map((row) => [row.player_id, row.name])), [rows]);
  const canClose = !readOnly && settled && draft === null && sheet.version > 0 && cachedAt === null;

  const save = () => {
    syncer.send({
      type: 'sync.save',
      records: marksOf(rows),
      baseVersion: sheet.version,
      savedAt: new Date().toISOString(),
    });
    setDraft(null);
    setNoteFor(null);
  };

  return (
    <>
      <AttendanceHeader session={session} sheet={sheet} cachedAt={cachedAt} />
      <Typography aria-label="Resumen de asistencia" sx={{ fontWeight: 600, mb: 1 }}>
        {countsText(countsOf(rows))}
      </Typography>
      {rows.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
          <Typography>Esta sesión no tiene jugadores en su categoría.</Typography>
        </Paper>
      ) : (
        <Paper variant="outlined" sx={{ mb: 2 }}>
          <Box component="ul" aria-label="Jugadores" sx={{ m: 0, p: 0 }}>
            {rows.map((row) => (
              <AttendanceRow
                key={row.player_id}
                row={row}
                readOnly={readOnly}
                noteOpen={noteFor === row.player_id}
                onCycle={() => setDraft(cycled(rows, row.player_id))}
                onToggleNote={() =>
                  setNoteFor((open) => (open === row.player_id ? null : row.player_id))
                }
                onNote={(note) => setDraft(withNote(rows, row.player_id, note))}
              />
            ))}
          </Box>
        </Paper>
      )}
      {!readOnly && (
        <Stack
          sx={{
            gap: 1.5,
            // 'Guardar' stays under the thumb while the trainer scrolls through the list; the
            // shell's WhatsApp button is not drawn on this page, so nothing covers it.
            position: 'sticky',
            bottom: 0,
            py: 1.5,
            bgcolor: 'background.default',
            borderTop: 1,
            borderColor: 'divider',
          }}
        >
          <AttendanceSyncStatus
            status={status}
            unsaved={draft !== null}
            leftOverSince={leftOverSince}
            failure={failure?.message ?? null}
            canRetry={canRetry}
            canDiscard={canDiscard}
            onRetry={() => syncer.send({ type: 'sync.retry' })}
            onDiscard={() => {
              syncer.send({ type: 'sync.discard' });
              // The server refused for a reason (closed, players changed): show its list now.
              void reload();
            }}
          />
          <Button
            variant="contained"
            size="large"
            fullWidth
            disabled={!canSave || rows.length === 0}
            onClick={save}
            sx={{ minHeight: 56 }}
          >
            Guardar
          </Button>
          {canClose && <AttendanceCloseButton owner={owner} />}
        </Stack>
      )}
      <AttendanceConflictDialog
        rows={conflict && conflictRows(conflict.mine, conflict.theirs, names)}
        onKeepMine={() => syncer.send({ type: 'sync.keepMine' })}
        onKeepTheirs={() => syncer.send({ type: 'sync.keepTheirs' })}
      />
    </>
  );
}
