import { parseStatechart, type StatechartDoc } from './statechart-markdown';

/*
 * Every page of docs/statecharts, bundled as text into this lazy chunk (Vite's `?raw`):
 * the diagrams are the committed ones, as `npm run statecharts` wrote them, so the page
 * needs no server.
 */
const pages = import.meta.glob<string>('../../../docs/statecharts/*.md', {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** One machine's page, with the file it came from (`route-guard`). */
export interface StatechartEntry extends StatechartDoc {
  name: string;
}

/** The machines, in the order of their files. */
export const statechartDocs: StatechartEntry[] = Object.entries(pages)
  .sort(([a], [b]) => a.localeCompare(b))
  .flatMap(([file, markdown]) => {
    const doc = parseStatechart(markdown);
    const name = file.slice(file.lastIndexOf('/') + 1, -'.md'.length);
    return doc ? [{ ...doc, name }] : [];
  });
