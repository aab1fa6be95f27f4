import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * Issue #35 item 6: a newcomer finds every document from the README. Every `docs/*.md` is
 * linked from README.md, and no relative link in README.md, docs/*.md or bench/*.md points
 * to a file that does not exist.
 */

const root = path.resolve(import.meta.dirname, '../..');
const read = (relative: string) => readFileSync(path.join(root, relative), 'utf8');
const markdownIn = (folder: string) =>
  readdirSync(path.join(root, folder))
    .filter((file) => file.endsWith('.md'))
    .map((file) => `${folder}/${file}`)
    .sort();

/** The relative targets of `[text](target)` links, without their `#fragment`. */
function relativeLinks(markdown: string): string[] {
  const targets = [...markdown.matchAll(/\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map(
    (match) => match[1]!,
  );
  return targets
    .filter((target) => !/^([a-z][a-z+.-]*:|#)/i.test(target))
    .map((target) => target.split('#')[0]!)
    .filter((target) => target !== '');
}

/** The links of `file` (its text `markdown`) whose target is missing. */
function brokenLinks(
  file: string,
  markdown: string,
  exists: (relative: string) => boolean,
): string[] {
  const folder = path.posix.dirname(file);
  return relativeLinks(markdown)
    .filter((target) => !exists(path.posix.normalize(path.posix.join(folder, target))))
    .map((target) => `${file} → ${target}`);
}

const inRepository = (relative: string) => existsSync(path.join(root, relative));

/** The `docs/*.md` files README.md does not link to. */
function unlinkedDocs(readme: string, docs: string[]): string[] {
  const linked = new Set(relativeLinks(readme).map((target) => path.posix.normalize(target)));
  return docs.filter((doc) => !linked.has(doc));
}

describe('the documents a newcomer reads (issue #35 item 6)', () => {
  it('README.md links every docs/*.md', () => {
    const docs = markdownIn('docs');
    expect(docs).toContain('docs/architecture.md');
    expect(unlinkedDocs(read('README.md'), docs)).toEqual([]);
  });

  it('every relative link of README.md, docs/*.md and bench/*.md reaches a file', () => {
    const files = ['README.md', ...markdownIn('docs'), ...markdownIn('bench')];
    expect(files.flatMap((file) => brokenLinks(file, read(file), inRepository))).toEqual([]);
  });

  it('notices a document left out and a link to nothing', () => {
    const readme = '[arch](docs/architecture.md), [gone](docs/gone.md#top), <https://x.org>';
    expect(relativeLinks(readme)).toEqual(['docs/architecture.md', 'docs/gone.md']);
    expect(unlinkedDocs(readme, ['docs/architecture.md', 'docs/money.md'])).toEqual([
      'docs/money.md',
    ]);
    const exists = (relative: string) => relative !== 'docs/gone.md';
    expect(brokenLinks('README.md', readme, exists)).toEqual(['README.md → docs/gone.md']);
    expect(brokenLinks('docs/money.md', '[up](../README.md)', (r) => r === 'README.md')).toEqual(
      [],
    );
  });
});
