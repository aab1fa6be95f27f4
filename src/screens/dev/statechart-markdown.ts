import type { StateValue } from 'xstate';

/*
 * Reads the pages `npm run statecharts` writes (docs/statecharts/<name>.md, made by
 * scripts/lib/statechart-mermaid.ts) and marks an actor's current states in a diagram.
 * Pure text functions, so the page's chunk holds no parser and the tests need no browser.
 */

/** A Markdown table: its header and its rows, cells as written (backticks removed). */
export interface TextTable {
  header: string[];
  rows: string[][];
}

/** What the page shows of one machine. */
export interface StatechartDoc {
  /** The machine's id (`auth`, `routeGuard`): the live actors are known by it. */
  machineId: string;
  /** The machine's description, '' when it has none. */
  description: string;
  /** The Mermaid `stateDiagram-v2` text, without the fences. */
  diagram: string;
  /** The page's "States" table. */
  states: TextTable;
}

/** The text of the page's ```mermaid block, null when it has none. */
export function extractMermaid(markdown: string): string | null {
  const match = /^```mermaid\r?\n([\s\S]*?)\r?\n```/m.exec(markdown);
  return match ? match[1]! : null;
}

/** The cells of one `| a | b |` row; `\|` is a pipe inside a cell. */
const cellsOf = (line: string): string[] =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim().replace(/\\\|/g, '|').replace(/`/g, ''));

/** The first table under the `## <title>` heading. */
export function extractTable(markdown: string, title: string): TextTable {
  const lines = markdown.split(/\r?\n/);
  const start = lines.indexOf(`## ${title}`);
  const table: string[] = [];
  for (const line of start < 0 ? [] : lines.slice(start + 1)) {
    if (line.startsWith('## ')) break;
    if (line.startsWith('|')) table.push(line);
    else if (table.length > 0) break;
  }
  const [header = '', , ...rows] = table;
  return { header: header ? cellsOf(header) : [], rows: rows.map(cellsOf) };
}

/** One page of docs/statecharts, null when it is not a generated statechart. */
export function parseStatechart(markdown: string): StatechartDoc | null {
  const machineId = /^# Statechart: (.+)$/m.exec(markdown)?.[1]?.trim();
  const diagram = extractMermaid(markdown);
  if (!machineId || diagram === null) return null;
  // Between the "generated" comment and the "Source:" line.
  const description = /-->\s*\n([\s\S]*?)^Source: /m.exec(markdown)?.[1]?.trim() ?? '';
  return {
    machineId,
    description,
    diagram,
    states: extractTable(markdown, 'States'),
  };
}

/**
 * The paths of the innermost active states of a snapshot's value: `{ authenticated:
 * { user: 'idle' } }` is `[['authenticated', 'user', 'idle']]`, one path per region.
 */
export function activeLeafPaths(value: StateValue, parent: string[] = []): string[][] {
  if (typeof value === 'string') return [[...parent, value]];
  const entries = Object.entries(value);
  if (entries.length === 0) return parent.length > 0 ? [parent] : [];
  return entries.flatMap(([key, child]) =>
    child === undefined ? [[...parent, key]] : activeLeafPaths(child, [...parent, key]),
  );
}

/** The diagram's id of a state (statechart-mermaid.ts `mermaidId`: the path joined with `_`). */
export const mermaidStateId = (path: readonly string[]): string =>
  path.join('_').replace(/[^A-Za-z0-9_]/g, '_');

/** The class the current states get in the diagram (and so in its SVG). */
export const LIVE_CLASS = 'live';

/**
 * The diagram with `states` drawn in the `live` class: a `classDef` with `style` (Mermaid's
 * `fill:…,stroke:…` list) and one `class <id> live` line per state. Mermaid styles
 * simple states only, which the innermost active states always are.
 */
export function highlightStates(
  diagram: string,
  states: readonly (readonly string[])[],
  style: string,
): string {
  if (states.length === 0) return diagram;
  return [
    diagram,
    `  classDef ${LIVE_CLASS} ${style}`,
    ...states.map((path) => `  class ${mermaidStateId(path)} ${LIVE_CLASS}`),
  ].join('\n');
}
