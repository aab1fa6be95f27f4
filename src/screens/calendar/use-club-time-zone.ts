import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { DEFAULT_TIME_ZONE } from '../../../contract/dates.format';
import { sessionChoicesQuery } from '../../api/sessions.api';
import { AuthContext } from '../../app/auth-context';
import { selectSelectedClubId } from '../../machines/auth.selectors';

/** Where the last zone the server named for a club is kept, for a page opened offline. */
const storageKey = (clubId: number) => `clubTimeZone:${clubId}`;

function rememberedZone(clubId: number): string | undefined {
  try {
    return localStorage.getItem(storageKey(clubId)) ?? undefined;
  } catch {
    return undefined;
  }
}

/**
 * The club's timezone, in which every calendar screen shows and takes times (the
 * calendar's choices, cached once for the club). Until they load, the zone the server
 * named last time on this device (so the roll call opened offline still shows its
 * session's time); undefined on a first visit. `enabled: false` asks nothing (a closed
 * drawer: the choices are the calendar's, which an accountant may not read).
 */
export function useClubTimeZone(clubId: number, enabled = true): string | undefined {
  const loaded = useQuery({
    ...sessionChoicesQuery(clubId),
    enabled: enabled && clubId > 0,
    select: (choices) => choices.timezone,
  }).data;
  useEffect(() => {
    if (!loaded) return;
    try {
      localStorage.setItem(storageKey(clubId), loaded);
    } catch {
      // Private mode or a full storage: the zone is asked again next time.
    }
  }, [clubId, loaded]);
  return loaded ?? rememberedZone(clubId);
}

/**
 * The selected club's timezone, in which every screen shows dates and times (issue #34):
 * Bogotá, the clubs' zone, until the club's own is known.
 */
export function useSelectedClubTimeZone(): string {
  return useClubTimeZone(AuthContext.useSelector(selectSelectedClubId)) ?? DEFAULT_TIME_ZONE;
}
