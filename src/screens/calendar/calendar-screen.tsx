import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { sessionTypes, type SessionType } from '../../../contract/sessions.schema';
import { sessionChoicesQuery, sessionsRangeQuery } from '../../api/sessions.api';
import { AuthContext } from '../../app/auth-context';
import { hasPermission } from '../../lib/permissions';
import { selectPermissions, selectSelectedClubId } from '../../machines/auth.selectors';
import { CalendarDialogs, useCalendarDialogs } from './calendar-dialogs';
import { toEvent } from './calendar-events';
import { CalendarFeedsButton } from './calendar-feeds-button';
import { CalendarFilters } from './calendar-filters';
import { CalendarView } from './calendar-view';
import { SessionPanel } from '../sessions/session-panel';
import { SessionScopeDialog } from '../sessions/session-scope-dialog';
import { useCalendarMove } from './use-calendar-move';
import { useCalendarParams } from './use-calendar-params';

/** /home/calendar: the club's trainings, matches, meetings and events (issue #14). */
export function CalendarScreen() {
  return <Calendar title="Calendario" />;
}

/**
 * /home/trainings: the same calendar with its type fixed to trainings (SPEC lists the route
 * with placeholder text; a filtered calendar is what a club expects there, docs/calendar.md).
 */
export function TrainingsScreen() {
  return <Calendar title="Entrenamientos" fixedTypes={TRAININGS} />;
}

const TRAININGS: readonly SessionType[] = ['training'];

interface CalendarProps {
  title: string;
  /** Types the page always shows (the trainings page); the type filter then hides. */
  fixedTypes?: readonly SessionType[];
}

function Calendar(props: CalendarProps) {
  const clubId = AuthContext.useSelector(selectSelectedClubId);
  return (
    <Box sx={{ maxWidth: 1400, mx: 'auto', px: { xs: 1, sm: 2 }, py: { xs: 2, sm: 4 } }}>
      {clubId > 0 ? (
        <ClubCalendar key={clubId} clubId={clubId} {...props} />
      ) : (
        <>
          <Typography variant="h1" sx={{ mb: 3 }}>
            {props.title}
          </Typography>
          <Alert severity="info">
            Selecciona un club en{' '}
            <Link component={RouterLink} to="/home/club-team">
              Club / Equipo
            </Link>{' '}
            para ver su calendario.
          </Alert>
        </>
      )}
    </Box>
  );
}

function ClubCalendar({ clubId, title, fixedTypes }: CalendarProps & { clubId: number }) {
  const permissions = AuthContext.useSelector(selectPermissions);
  const canCreate = hasPermission(permissions, 'sessions.create');
  const canDelete = hasPermission(permissions, 'sessions.delete');
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const params = useCalendarParams();
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const types = fixedTypes ?? params.types;
  const sessions = useQuery({
    ...sessionsRangeQuery(clubId, {
      from: range?.from ?? '',
      to: range?.to ?? '',
      categoryIds: params.categoryIds,
      types,
    }),
    enabled: range !== null,
  });
  // Every role that sees the calendar reads its choices here (a trainer, a player or a
  // parent cannot list the club's categories or trainers).
  const choices = useQuery(sessionChoicesQuery(clubId));
  // Times are the club's wall clock: the grid waits for the club's zone.
  const timeZone = choices.data?.timezone;
  const rows = useMemo(() => sessions.data?.data ?? [], [sessions.data]);
  const events = useMemo(
    () => (timeZone ? rows.map((row) => toEvent(row, timeZone)) : []),
    [rows, timeZone],
  );
  const categories = useMemo(
    () => (choices.data?.categories ?? []).map(({ id, name }) => ({ id, name })),
    [choices.data],
  );

  const mover = useCalendarMove(clubId);
  const closePanel = useRef(() => {});
  useLayoutEffect(() => {
    closePanel.current = () => params.openSession(null);
  });
  const dialogs = useCalendarDialogs(clubId, closePanel);

  return (
    <>
      <Stack
        direction="row"
        sx={{
          gap: 2,
          mb: 2,
          justifyContent: 'space-between',
          alignItems: 'center',
          flexWrap: 'wrap',
        }}
      >
        <Typography variant="h1">{title}</Typography>
        <CalendarFeedsButton clubId={clubId} categories={categories} />
        {canCreate && (
          <Button variant="contained" startIcon={<Add />} onClick={() => dialogs.create(null)}>
            Nueva sesión
          </Button>
        )}
      </Stack>
      <CalendarFilters
        categories={categories}
        categoryIds={params.categoryIds}
        onCategoryIds={params.setCategoryIds}
        types={fixedTypes ? [] : sessionTypes}
        chosenTypes={types}
        onTypes={params.setTypes}
      />
      {choices.isError && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void choices.refetch()}>
              Reintentar
            </Button>
          }
        >
          No se pudo cargar el calendario: {choices.error.message}
        </Alert>
      )}
      {sessions.isError && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void sessions.refetch()}>
              Reintentar
            </Button>
          }
        >
          No se pudo cargar el calendario: {sessions.error.message}
        </Alert>
      )}
      <Box sx={{ height: 4, mb: 1 }}>
        {(sessions.isFetching || choices.isPending || mover.moving) && (
          <LinearProgress aria-label="Cargando sesiones" />
        )}
      </Box>
      {timeZone && (
        <CalendarView
          phone={phone}
          timeZone={timeZone}
          events={events}
          selectable={canCreate}
          editable={mover.asking === null && !mover.moving}
          onRange={setRange}
          onSelect={(slot) => dialogs.create(slot)}
          onOpen={(id) => params.openSession(id)}
          onMove={mover.onMove}
        />
      )}
      <SessionPanel
        clubId={clubId}
        sessionId={params.sessionId}
        canDelete={canDelete}
        onClose={() => params.openSession(null)}
        onAction={dialogs.act}
      />
      <SessionScopeDialog move={mover.asking} onScope={mover.onScope} onCancel={mover.onCancel} />
      <CalendarDialogs dialogs={dialogs} choices={choices.data} />
    </>
  );
}
