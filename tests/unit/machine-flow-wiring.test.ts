import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * Issue #35 item 3: one hook for the save/confirm wiring. The save and confirm-action
 * machines are read and driven through src/components/use-machine-flow.ts (useSaveFlow,
 * useConfirmFlow, their *Actor variants, saveEvents, confirmEvents); a view that imports
 * their selectors or sends their events itself copies that wiring again.
 */

const SRC = fileURLToPath(new URL('../../src', import.meta.url));

/** The one wiring file; src/machines/ holds the machines, their selectors and their actors. */
const ALLOWED = (path: string) =>
  path === 'components/use-machine-flow.ts' || path.startsWith('machines/');

const RULES: Array<{ pattern: RegExp; says: string }> = [
  {
    pattern: /from\s+['"][^'"]*\/(save|confirm-action)\.selectors['"]/,
    says: 'imports the selectors of the save or confirm-action machine',
  },
  {
    pattern: /type:\s*['"](save\.(open|submit|close)|action\.(request|confirm|cancel))['"]/,
    says: 'sends an event of the save or confirm-action machine',
  },
];

/** What `text` does by hand that use-machine-flow.ts does, one line per rule it breaks. */
const handWiringIn = (text: string) =>
  RULES.filter(({ pattern }) => pattern.test(text)).map(({ says }) => says);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

const files = sourceFiles(SRC).map((path) => relative(SRC, path).split('\\').join('/'));
const textOf = (path: string) => readFileSync(join(SRC, path), 'utf8');

describe('the save and confirm wiring lives in use-machine-flow.ts (issue #35 item 3)', () => {
  it('finds the screens and components it checks', () => {
    expect(files).toContain('screens/categories/categories-screen.tsx');
    expect(files).toContain('components/notifications/notification-centre.tsx');
    expect(files.filter((path) => !ALLOWED(path)).length).toBeGreaterThan(200);
  });

  it('leaves no hand wiring outside it', () => {
    const offenders = files
      .filter((path) => !ALLOWED(path))
      .flatMap((path) => handWiringIn(textOf(path)).map((says) => `src/${path} ${says}`));
    expect(offenders).toEqual([]);
  });

  it('refuses a view that reads the selectors or sends the events itself', () => {
    const sample = [
      "import * as dialog from '../../machines/save.selectors';",
      "import { selectAsking } from '../../machines/confirm-action.selectors';",
      "const create = () => editor.send({ type: 'save.open', subject: null });",
    ].join('\n');
    expect(handWiringIn(sample)).toEqual(RULES.map(({ says }) => says));
    for (const event of ['save.submit', 'save.close', 'action.confirm', 'action.cancel'])
      expect(handWiringIn(`remover.send({ type: "${event}" })`)).toHaveLength(1);
    expect(handWiringIn("remover.send({\n  type: 'action.request',\n  confirm: true,\n})")).toEqual(
      [RULES[1]!.says],
    );
    // The wiring file itself is what the rules describe.
    expect(handWiringIn(textOf('components/use-machine-flow.ts'))).toEqual(
      RULES.map(({ says }) => says),
    );
  });

  it('lets a view use the hooks and other machines’ events', () => {
    const sample = [
      "import { useConfirmFlow, useSaveFlow } from '../../components/use-machine-flow';",
      "import { selectPermissions } from '../../machines/auth.selectors';",
      "notifications.send({ type: 'notifications.read', id });",
      'const create = () => editor.open(null);',
    ].join('\n');
    expect(handWiringIn(sample)).toEqual([]);
  });
});
