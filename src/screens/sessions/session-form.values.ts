import type { FieldErrors, Resolver } from 'react-hook-form';
import {
  sessionCreateSchema,
  sessionUpdateSchema,
  type HomeAway,
  type SessionCreateInput,
  type SessionScope,
  type SessionType,
  type SessionUpdateInput,
} from '../../../contract/sessions.schema';
import { instantOf, wallClockOf } from '../../../contract/club-time';
import type { RequestFailure } from '../../lib/request-failure';
import type { SessionFormValues, SessionToEdit } from '../../machines/sessions.actors';

/*
 * The session form's inputs and how they become the contract's body: a day and two
 * wall-clock times of the club become the start and end instants (with the club's offset
 * in its timezone, whatever the browser's), the
 * weekday toggles and 'Hasta' / 'Número de sesiones' the weekly rule. The contract's
 * schema checks the body; its messages land on the inputs they are about.
 */

export interface SessionFormInput {
  type: SessionType;
  title: string;
  /** '' = the whole club. */
  category: string;
  /** 'YYYY-MM-DD'. */
  date: string;
  /** 'HH:mm'. */
  start: string;
  end: string;
  location: string;
  /** '' = nobody. */
  trainer: string;
  notes: string;
  opponent: string;
  home_away: HomeAway | '';
  competition: string;
  repeat: boolean;
  weekdays: number[];
  endMode: 'until' | 'count';
  until: string;
  count: string;
  scope: SessionScope;
}

/** The inputs, in the order the form shows them (server errors focus the first). */
export const SESSION_FORM_FIELDS = [
  'type',
  'title',
  'category',
  'date',
  'start',
  'end',
  'location',
  'trainer',
  'notes',
  'opponent',
  'home_away',
  'competition',
  'weekdays',
  'until',
  'count',
  'scope',
] as const satisfies readonly (keyof SessionFormInput)[];

/** Which input a body path's message belongs on. */
const inputOf: Record<string, keyof SessionFormInput> = {
  category_id: 'category',
  starts_at: 'start',
  ends_at: 'end',
  trainer_id: 'trainer',
  'recurrence.weekdays': 'weekdays',
  'recurrence.until': 'until',
  'recurrence.count': 'count',
  recurrence: 'weekdays',
};

export const fieldOfPath = (path: string): keyof SessionFormInput =>
  inputOf[path] ?? inputOf[path.replace(/\.\d+$/, '')] ?? (path as keyof SessionFormInput);

/** The server's refusal with its field errors moved onto the form's inputs. */
export function failureOnInputs(failure: RequestFailure | null): RequestFailure | null {
  if (!failure) return null;
  const fieldErrors: Record<string, string> = {};
  for (const [path, message] of Object.entries(failure.fieldErrors)) {
    fieldErrors[fieldOfPath(path)] ??= message;
  }
  return { ...failure, fieldErrors };
}

const isMatch = (type: SessionType) => type === 'match' || type === 'tournament';
/** ISO weekday (1 = Monday) of a local date 'YYYY-MM-DD'. */
const isoWeekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay() || 7;

/** The form's inputs for a session or a chosen slot, in the club's wall clock (`timeZone`). */
export function toInput({ session, slot }: SessionToEdit, timeZone: string): SessionFormInput {
  const startAt = session?.starts_at ?? slot?.start;
  const endAt = session?.ends_at ?? slot?.end;
  const start = startAt ? wallClockOf(startAt, timeZone) : '';
  const end = endAt ? wallClockOf(endAt, timeZone) : '';
  const timeOf = (wallClock: string) => wallClock.slice(11, 16);
  // A slot chosen in the month view covers whole days: the session gets an evening's hours.
  const allDay = !session && start && end && timeOf(start) === '00:00' && timeOf(end) === '00:00';
  const rule = session?.recurrence;
  return {
    type: session?.type ?? 'training',
    title: session?.title ?? '',
    category: session?.category_id ? String(session.category_id) : '',
    date: start.slice(0, 10),
    start: start && !allDay ? timeOf(start) : '18:00',
    end: end && !allDay ? timeOf(end) : '19:30',
    location: session?.location ?? '',
    trainer: session?.trainer_id ? String(session.trainer_id) : '',
    notes: session?.notes ?? '',
    opponent: session?.opponent ?? '',
    home_away: session?.home_away ?? '',
    competition: session?.competition ?? '',
    repeat: Boolean(rule),
    weekdays: rule?.weekdays ?? (start ? [isoWeekday(start.slice(0, 10))] : []),
    endMode: rule?.count ? 'count' : 'until',
    until: rule?.until ?? '',
    count: rule?.count ? String(rule.count) : '',
    scope: 'this',
  };
}

/** The club's 'YYYY-MM-DD' + 'HH:mm' → an ISO instant with its offset ('' when incomplete). */
const instant = (date: string, time: string, timeZone: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(date) &&
  /^\d{2}:\d{2}$/.test(time) &&
  !Number.isNaN(Date.parse(`${date}T${time}:00Z`))
    ? instantOf(`${date}T${time}`, timeZone)
    : '';

/** The body the inputs stand for (before the contract checks it), times in `timeZone`. */
export function toBody(
  input: SessionFormInput,
  editing: SessionToEdit['session'],
  timeZone: string,
) {
  const match = isMatch(input.type);
  const body = {
    type: input.type,
    title: input.title,
    category_id: input.category ? Number(input.category) : null,
    starts_at: instant(input.date, input.start, timeZone),
    ends_at: instant(input.date, input.end, timeZone),
    location: input.location,
    trainer_id: input.trainer ? Number(input.trainer) : null,
    notes: input.notes,
    opponent: match ? input.opponent : null,
    home_away: match && input.home_away ? input.home_away : null,
    competition: match ? input.competition : null,
  };
  const recurrence = input.repeat
    ? {
        weekdays: input.weekdays,
        until: input.endMode === 'until' ? input.until || null : null,
        count: input.endMode === 'count' && input.count.trim() ? input.count.trim() : null,
      }
    : null;
  if (!editing) return { ...body, recurrence };
  // A rule is changed only over the series (the server refuses it for one occurrence).
  const reRule = editing.series_id !== null && input.scope !== 'this' && input.repeat;
  return { ...body, scope: input.scope, ...(reRule ? { recurrence } : {}) };
}

/** Checks the inputs with the contract's schema (create or update) and builds what is sent. */
export const sessionResolver =
  (
    editing: SessionToEdit['session'],
    timeZone: string,
  ): Resolver<SessionFormInput, unknown, SessionFormValues> =>
  (input) => {
    const errors: Partial<Record<keyof SessionFormInput, { type: string; message: string }>> = {};
    const need = (field: keyof SessionFormInput, message: string) => {
      if (!input[field]) errors[field] = { type: 'required', message };
    };
    need('date', 'Elige la fecha');
    need('start', 'Elige la hora de inicio');
    need('end', 'Elige la hora de fin');
    const body = toBody(input, editing, timeZone);
    const parsed = editing
      ? sessionUpdateSchema.safeParse(body)
      : sessionCreateSchema.safeParse(body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = fieldOfPath(issue.path.join('.'));
        errors[field] ??= { type: 'validation', message: issue.message };
      }
    }
    if (Object.keys(errors).length > 0 || !parsed.success) {
      return { values: {}, errors: errors as FieldErrors<SessionFormInput> };
    }
    const values: SessionFormValues = editing
      ? { kind: 'update', values: body as SessionUpdateInput }
      : { kind: 'create', values: body as SessionCreateInput };
    return { values, errors: {} };
  };
