import { DEFAULT_TIME_ZONE, formatInstantDay } from '../../../contract/dates.format';

/** A post's publication day as every date the app shows: '24/11/2026' (Bogotá's day). */
export const formatPostDate = (iso: string): string => formatInstantDay(iso, DEFAULT_TIME_ZONE);
