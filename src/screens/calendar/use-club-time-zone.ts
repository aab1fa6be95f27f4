import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { sessionChoicesQuery } from '../../api/sessions.api';

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
 * session's time); undefined on a first visit.
 */
export function useClubTimeZone(clubId: number): string | undefined {
  const loaded = useQuery({
    ...sessionChoicesQuery(clubId),
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
