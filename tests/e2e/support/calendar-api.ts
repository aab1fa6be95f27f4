import type { Page } from '@playwright/test';
import type { Session } from '../../../contract/sessions.schema';
import { expect } from './fixtures';

/** The demo club (server/db/seed). */
export const CLUB = 1;

/** The signed-in page's own API headers: its token from localStorage and the club. */
export async function pageHeaders(page: Page): Promise<Record<string, string>> {
  const token = await page.evaluate(() => localStorage.getItem('jwtToken'));
  expect(token, 'a token in localStorage').toBeTruthy();
  return { authorization: `Bearer ${token}`, 'x-club-id': String(CLUB) };
}

/** GET …/sessions over [from, to) as the signed-in page's user sees them. */
export async function sessionsAsSeen(page: Page, from: Date, to: Date): Promise<Session[]> {
  const query = new URLSearchParams({ from: from.toISOString(), to: to.toISOString() });
  const answer = await page.request.get(`/api/pla_club_teams/${CLUB}/sessions?${query}`, {
    headers: await pageHeaders(page),
  });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { data: Session[] }).data;
}

/** 'YYYY-MM-DD' of a date in Bogotá, as the club counts days. */
export const bogotaDay = (date: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(date);

export const DAY_MS = 24 * 60 * 60 * 1000;
