import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { sessionTypes, type SessionType } from '../../../contract/sessions.schema';

/*
 * The calendar's filters and open session live in the URL (`?categorias=3,5&tipos=match
 * &session=42`), so a link (a notification, a shared view) opens the same calendar.
 */

const ids = (text: string | null) =>
  (text ?? '')
    .split(',')
    .filter((part) => /^[1-9][0-9]{0,9}$/.test(part))
    .map(Number);

const types = (text: string | null) =>
  (text ?? '')
    .split(',')
    .filter((part): part is SessionType => (sessionTypes as readonly string[]).includes(part));

export interface CalendarParams {
  categoryIds: number[];
  types: SessionType[];
  /** The session the side panel shows, else null. */
  sessionId: number | null;
  setCategoryIds: (ids: number[]) => void;
  setTypes: (types: SessionType[]) => void;
  openSession: (id: number | null) => void;
}

export function useCalendarParams(): CalendarParams {
  const [params, setParams] = useSearchParams();
  const categoryIds = useMemo(() => ids(params.get('categorias')), [params]);
  const chosenTypes = useMemo(() => types(params.get('tipos')), [params]);
  const sessionId = ids(params.get('session'))[0] ?? null;
  const change = useCallback(
    (name: string, value: string) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          if (value) next.set(name, value);
          else next.delete(name);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return {
    categoryIds,
    types: chosenTypes,
    sessionId,
    setCategoryIds: useCallback((list) => change('categorias', list.join(',')), [change]),
    setTypes: useCallback((list) => change('tipos', list.join(',')), [change]),
    openSession: useCallback((id) => change('session', id === null ? '' : String(id)), [change]),
  };
}
