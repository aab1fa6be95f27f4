import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * Issue #35 item 2: each feature exports one plugin (`server/features/<r>/<r>.plugin.ts`)
 * that builds its services from the typed dependencies (server/app-deps.ts) and hands them
 * to its routes; a `<name>.routes.ts` holds HTTP and calls the services it is given.
 */

const FEATURES = path.resolve(import.meta.dirname, '../../server/features');

/** Names a file imports as values from a `*.service` module and that build something. */
const serviceBuildersImported = (text: string) =>
  [...text.matchAll(/import\s+\{([^}]*)\}\s+from\s+['"][^'"]*\.service['"]/g)].flatMap(
    ([, names]) =>
      names!
        .split(',')
        .map((name) => name.trim())
        .filter((name) => /^create\w*$/.test(name)),
  );

/** The services a route file builds itself, by the name of the function that builds them. */
const servicesBuiltIn = (text: string) => {
  const called = new Set(
    [...text.matchAll(/(?<![.\w])(create\w*)\s*\(/g)].map(([, name]) => name!),
  );
  const builders = new Set([
    ...[...called].filter((name) => name.endsWith('Service')),
    ...serviceBuildersImported(text).filter((name) => called.has(name)),
  ]);
  return [...builders].sort();
};

const routeFiles = readdirSync(FEATURES, { recursive: true, encoding: 'utf8' })
  .map((file) => file.split(path.sep).join('/'))
  .filter((file) => file.endsWith('.routes.ts'))
  .sort();

describe("route files call the services their feature's plugin built (issue #35 item 2)", () => {
  it('finds the route files', () => {
    expect(routeFiles).toContain('categories/categories.routes.ts');
    expect(routeFiles.length).toBeGreaterThan(40);
  });

  it('builds no service in a route file', () => {
    const offenders = routeFiles.flatMap((file) =>
      servicesBuiltIn(readFileSync(path.join(FEATURES, file), 'utf8')).map(
        (name) => `server/features/${file} calls ${name}()`,
      ),
    );
    expect(offenders).toEqual([]);
  });

  it('refuses a route file that builds its service', () => {
    const sample = [
      "import { type AccountService, createAccountService } from './account.service';",
      "import { COVER_UPLOAD, createBlogCovers } from './blog-covers.service';",
      'const account = createAccountService(deps);',
      'const covers = createBlogCovers({ storage });',
      'const analytics = createAnalyticsService({ db, clock });',
    ].join('\n');
    expect(servicesBuiltIn(sample)).toEqual([
      'createAccountService',
      'createAnalyticsService',
      'createBlogCovers',
    ]);
  });

  it('lets a route file call the methods of the services it is given', () => {
    const sample = [
      "import type { ModulesService } from './modules.service';",
      "import { createPaymentReminders } from './payment-reminders.job';",
      'await modules.createModule(request.body);',
      'const created = await pages.createArticle(body);',
      // The browser tests' hook runs the reminders job at the instant it is sent.
      'const runs = await createPaymentReminders({ db, clock, log, notifier });',
    ].join('\n');
    expect(servicesBuiltIn(sample)).toEqual([]);
  });
});
