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
import type { RequestFailure } from '../../lib/request-failure';
import type { SessionFormValues, SessionToEdit } from '../../machines/sessions.actors';
import { dayjs } from '../../theme/dayjs';

/*
 * The session form's inputs and how they become the contract's body: a day and two
 * wall-clock times become the start and end instants (with the browser's offset), the
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
const timeOf = (iso: string) => dayjs(iso).format('HH:mm');
/** A slot chosen in the month view covers whole days: the session gets an evening's hours. */
const wholeDays = (start: string, end: string) =>
  timeOf(start) === '00:00' && timeOf(end) === '00:00';

export function toInput({ session, slot }: SessionToEdit): SessionFormInput {
  const start = session?.starts_at ?? slot?.start;
  const end = session?.ends_at ?? slot?.end;
  const allDay = !session && start && end && wholeDays(start, end);
  const rule = session?.recurrence;
  return {
    type: session?.type ?? 'training',
    title: session?.title ?? '',
    category: session?.category_id ? String(session.category_id) : '',
    date: start ? dayjs(start).format('YYYY-MM-DD') : '',
    start: start && !allDay ? timeOf(start) : '18:00',
    end: end && !allDay ? timeOf(end) : '19:30',
    location: session?.location ?? '',
    trainer: session?.trainer_id ? String(session.trainer_id) : '',
    notes: session?.notes ?? '',
    opponent: session?.opponent ?? '',
    home_away: session?.home_away ?? '',
    competition: session?.competition ?? '',
    repeat: Boolean(rule),
    weekdays: rule?.weekdays ?? (start ? [dayjs(start).day() || 7] : []),
    endMode: rule?.count ? 'count' : 'until',
    until: rule?.until ?? '',
    count: rule?.count ? String(rule.count) : '',
    scope: 'this',
  };
}

/** 'YYYY-MM-DD' + 'HH:mm' → an ISO instant with the browser's offset ('' when incomplete). */
const instant = (date: string, time: string) => {
  const value = dayjs(`${date}T${time}`);
  return date && time && value.isValid() ? value.format('YYYY-MM-DDTHH:mm:ssZ') : '';
};

/** The body the inputs stand for (before the contract checks it). */
export function toBody(input: SessionFormInput, editing: SessionToEdit['session']) {
  const match = isMatch(input.type);
  const body = {
    type: input.type,
    title: input.title,
    category_id: input.category ? Number(input.category) : null,
    starts_at: instant(input.date, input.start),
    ends_at: instant(input.date, input.end),
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
  (editing: SessionToEdit['session']): Resolver<SessionFormInput, unknown, SessionFormValues> =>
  (input) => {
    const errors: Partial<Record<keyof SessionFormInput, { type: string; message: string }>> = {};
    const need = (field: keyof SessionFormInput, message: string) => {
      if (!input[field]) errors[field] = { type: 'required', message };
    };
    need('date', 'Elige la fecha');
    need('start', 'Elige la hora de inicio');
    need('end', 'Elige la hora de fin');
    const body = toBody(input, editing);
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
