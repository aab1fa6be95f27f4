import { LRUCache } from 'lru-cache';
import type { Clock } from '../../lib/clock';
import type { DataVersions } from './dashboard-access';

/*
 * Dashboard answers kept per process and served again only while nothing they read has
 * changed (issue #36 item 5: every role's first screen fast at scale). Every transaction
 * that writes what a dashboard reads raises its club's data version (or the platform's,
 * scope 0) as it commits (data_versions, migrations 0039 and 0041); the dashboard
 * routes' session statement reads the versions in the round trip it makes anyway
 * (dashboard-access.ts). A kept answer is served when:
 *
 * - it was computed under the same versions: a write committed since, in this process
 *   or another, changes them, so no one sees money or a roll call from before their own
 *   write. The versions are read before the answer's statements run, so an answer is
 *   never older than the versions it is kept under;
 * - it is younger than `maxAgeMs` by the app's clock: the figures that move with time
 *   alone (today, the next 7 days, overdue from the club's today) are those of the
 *   answer's `generated_at`, which says so;
 * - it is the same question: a key per club (owner, accountant), per club and person
 *   (trainer) or per person (player, parent), never shared across clubs.
 *
 * Many asking at once under the same versions share one computation.
 */

interface Kept<V> {
  versions: string;
  at: number;
  answer: Promise<V>;
}

/** Dashboards a screen opens are kept this long at most (see above). */
export const DASHBOARD_ANSWER_MAX_AGE_MS = 5_000;

/** What the routes' OpenAPI descriptions say of it. */
export const keptAnswerText = `La misma respuesta se sirve otra vez mientras nada de lo que muestra cambie, a lo sumo ${DASHBOARD_ANSWER_MAX_AGE_MS / 1000} segundos (generated_at dice cuándo se calculó); un cambio se ve en la siguiente llamada.`;

/** The versions key of a club's dashboard: the platform's and the club's; undefined when not read. */
export function clubVersions(versions: DataVersions, clubId: number): string | undefined {
  const platform = versions['0'];
  const club = versions[String(clubId)];
  return platform === undefined || club === undefined ? undefined : `${platform}:${club}`;
}

/** The versions key of a family dashboard: every club of the caller's, with the platform. */
export function familyVersions(versions: DataVersions): string | undefined {
  if (versions['0'] === undefined) return undefined;
  return Object.keys(versions)
    .sort()
    .map((scope) => `${scope}=${versions[scope]}`)
    .join(',');
}

/**
 * A keeper of answers of one kind: `answer(key, versions, compute)` serves the kept answer
 * of `key` when it is valid (see the file comment), else computes it at the clock's `now`
 * and keeps it; `versions` undefined computes without keeping.
 */
export function dashboardAnswers<V extends object>(
  clock: Clock,
  { maxAgeMs = DASHBOARD_ANSWER_MAX_AGE_MS, maxKeys = 2000 } = {},
) {
  const kept = new LRUCache<string, Kept<V>>({ max: maxKeys });
  return (key: string, versions: string | undefined, compute: (now: Date) => Promise<V>) => {
    const now = clock.now();
    if (versions === undefined) return compute(now);
    const at = now.getTime();
    const entry = kept.get(key);
    if (entry && entry.versions === versions && at >= entry.at && at - entry.at < maxAgeMs) {
      return entry.answer;
    }
    const answer = compute(now);
    const fresh = { versions, at, answer };
    kept.set(key, fresh);
    // A failed computation is not kept.
    answer.catch(() => {
      if (kept.get(key) === fresh) kept.delete(key);
    });
    return answer;
  };
}
