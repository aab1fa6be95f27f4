import { sessionTypeLabels } from '../../../contract/sessions.labels';
import type { DashboardSession } from '../../../contract/dashboards.schema';
import { categoryText } from './dashboard-texts';

/* How the trainer's dashboard names a session and where it takes roll (issue #16). */

/** 'Entrenamiento · Técnica con balón'. */
export const sessionTitle = (session: DashboardSession) =>
  `${sessionTypeLabels[session.type]} · ${session.title}`;

/** The category's name, or that the session is the whole club's. */
export const sessionCategory = (session: DashboardSession) =>
  categoryText(session.category?.name ?? null);

/** The attendance page of a session: the roll call. */
export const rollCallPath = (sessionId: number) => `/home/attendance/${sessionId}`;
