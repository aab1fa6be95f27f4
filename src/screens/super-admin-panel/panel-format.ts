/*
 * The panel's numbers and instants in Spanish (es-CO, Bogotá): sizes, ages, dates.
 */

import { DEFAULT_TIME_ZONE, formatDateTime } from '../../../contract/dates.format';

const decimal = new Intl.NumberFormat('es-CO', { maximumFractionDigits: 1 });

/** '12/11/2026 15:04' (Bogotá, the platform's zone). */
export const dateTimeLabel = (iso: string) => formatDateTime(iso, DEFAULT_TIME_ZONE);

/** 7569531 → '7,2 MB'. */
export function bytesLabel(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${decimal.format(value)} ${units[unit]}`;
}

/** 45 → '45 s', 600 → '10 min', 10800 → '3 h', 200000 → '2 d'. */
export function ageLabel(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)} h`;
  return `${Math.floor(seconds / 86_400)} d`;
}

/** A job run's summary as 'clubs: 3 · created: 12'. */
export const summaryLabel = (summary: Record<string, unknown>) =>
  Object.entries(summary)
    .map(
      ([key, value]) =>
        `${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`,
    )
    .join(' · ') || '—';
