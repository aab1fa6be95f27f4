import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import { Link as RouterLink } from 'react-router';
import {
  ATTENDANCE_WINDOW_DAYS,
  UPCOMING_DAYS,
  type ClubOwnerDashboard,
} from '../../../contract/dashboards.schema';
import { sessionTypeLabels, type SessionType } from '../../../contract/sessions.labels';
import { AttendanceChart, ChartFigure, FigureTable } from './dashboard-figure';
import { DashboardSection, EmptyPart } from './dashboard-section';
import { categoryText, countText, dateTimeText, rateText } from './dashboard-texts';
import { DashboardTile, DashboardTiles } from './dashboard-tile';

/** 'Entrenamiento', or the type as the server wrote it when it is a new one. */
const sessionTypeText = (type: string) => sessionTypeLabels[type as SessionType] ?? type;

/** Said by an empty part of a club that is still being set up. */
export const SETUP_HINT = 'Sigue los pasos de «Configura tu club», arriba.';

/** Jugadores, Entrenadores and Categorías, each linking to its grid. */
export function CountTiles({ counts }: { counts: ClubOwnerDashboard['counts'] }) {
  return (
    <DashboardTiles label="El club en cifras" columns={3}>
      <DashboardTile
        title="Jugadores"
        value={countText(counts.players)}
        hint="Jugadores del club, los que lista Jugadores"
        to="/home/players"
        linkText="Ver jugadores"
      />
      <DashboardTile
        title="Entrenadores"
        value={countText(counts.trainers)}
        hint="Entrenadores del club, los que lista Entrenadores"
        to="/home/trainers"
        linkText="Ver entrenadores"
      />
      <DashboardTile
        title="Categorías"
        value={countText(counts.categories)}
        hint="Categorías del club, las que lista Categorías"
        to="/home/categories"
        linkText="Ver categorías"
      />
    </DashboardTiles>
  );
}

/** The attendance rate of each category over the last days: a chart and its table. */
export function AttendanceFigure(props: { attendance: ClubOwnerDashboard['attendance'] }) {
  const rated = props.attendance.categories.filter((each) => each.recorded > 0);
  if (rated.length === 0) {
    return (
      <DashboardSection title="Asistencia por categoría" id="dashboard-attendance">
        <EmptyPart>
          Sin asistencia registrada en los últimos {ATTENDANCE_WINDOW_DAYS} días.
        </EmptyPart>
      </DashboardSection>
    );
  }
  return (
    <ChartFigure
      title="Asistencia por categoría"
      caption={`Últimos ${ATTENDANCE_WINDOW_DAYS} días: presentes y tardanzas sobre las marcas registradas sin contar las excusas, en las sesiones no canceladas de cada categoría.`}
      chart={<AttendanceChart categories={rated} />}
      tableShown
      table={
        <FigureTable
          caption={`Asistencia por categoría, últimos ${ATTENDANCE_WINDOW_DAYS} días`}
          head={['Categoría', 'Sesiones', 'Marcas', 'Asistencia']}
          rows={rated.map((each) => ({
            key: each.category_id ?? 'club',
            cells: [
              categoryText(each.category_name),
              countText(each.sessions),
              countText(each.recorded),
              rateText(each.rate),
            ],
          }))}
        />
      }
    />
  );
}

/** The sessions of the next days, soonest first, each opening in the calendar. */
export function UpcomingSessions(props: {
  upcoming: ClubOwnerDashboard['upcoming'];
  timeZone: string | undefined;
  settingUp: boolean;
}) {
  const sessions = props.upcoming.sessions;
  return (
    <DashboardSection title="Próximas sesiones" id="dashboard-upcoming">
      {sessions.length === 0 ? (
        <EmptyPart>
          No hay sesiones en los próximos {UPCOMING_DAYS} días.{' '}
          {props.settingUp ? (
            SETUP_HINT
          ) : (
            <Link component={RouterLink} to="/home/calendar">
              Ir al calendario
            </Link>
          )}
        </EmptyPart>
      ) : (
        <Paper variant="outlined">
          <List aria-label={`Sesiones de los próximos ${UPCOMING_DAYS} días`}>
            {sessions.map((session) => (
              <ListItem key={session.id} divider>
                <ListItemText
                  primary={
                    <Link component={RouterLink} to={`/home/calendar?session=${session.id}`}>
                      {sessionTypeText(session.type)} · {session.title}
                    </Link>
                  }
                  secondary={[
                    dateTimeText(session.starts_at, props.timeZone),
                    categoryText(session.category?.name ?? null),
                    session.location,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                />
              </ListItem>
            ))}
          </List>
        </Paper>
      )}
    </DashboardSection>
  );
}
