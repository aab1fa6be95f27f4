import { useQuery } from '@tanstack/react-query';
import { sessionChoicesQuery } from '../../api/sessions.api';

/**
 * The club's timezone, in which every calendar screen shows and takes times (the
 * calendar's choices, cached once for the club); undefined while they load.
 */
export function useClubTimeZone(clubId: number): string | undefined {
  return useQuery({ ...sessionChoicesQuery(clubId), select: (choices) => choices.timezone }).data;
}
