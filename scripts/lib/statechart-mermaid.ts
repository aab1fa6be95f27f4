import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import { actionLabel, eventLabel, guardLabel, guardNames } from './statechart-labels';

/*
 * Turns a machine's definition into Markdown: a Mermaid stateDiagram-v2 and tables of
 * states, transitions, events and guards. Everything comes from `machine.root` in
 * definition order, so the output is deterministic (no dates, no hashes).
 */

export interface StatechartDocOptions {
  /** The machine's file, relative to the repository root, named in the header. */
  sourcePath: string;
}

interface Edge {
  source: AnyStateNode;
  target: AnyStateNode;
  label: string;
}

const childrenOf = (node: AnyStateNode): AnyStateNode[] =>
  Object.values(node.states) as AnyStateNode[];

/** The Mermaid id of a state: its path joined with `_` (a top-level state keeps its key). */
const mermaidId = (node: AnyStateNode): string =>
  node.path.length === 0 ? '[*]' : node.path.join('_').replace(/[^A-Za-z0-9_]/g, '_');

/** A state's name in tables: its path with dots (`authenticated.idle`). */
const stateName = (node: AnyStateNode): string =>
  node.path.length === 0 ? '(machine)' : node.path.join('.');

/** All transitions of a node, in definition order: events (with invoke done/error), then always. */
function transitionsOf(node: AnyStateNode): AnyTransitionDefinition[] {
  return [...[...node.transitions.values()].flat(), ...(node.always ?? [])];
}

function allNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...childrenOf(node).flatMap(allNodes)];
}

const isAncestor = (ancestor: AnyStateNode, node: AnyStateNode): boolean => {
  for (let current = node.parent; current; current = current.parent) {
    if (current === ancestor) return true;
  }
  return false;
};

/** The innermost compound state that strictly contains both ends, or the root. */
function edgeContainer(edge: Edge, root: AnyStateNode): AnyStateNode {
  for (let candidate = edge.source.parent; candidate; candidate = candidate.parent) {
    if (candidate === root) return root;
    if (isAncestor(candidate, edge.target)) return candidate;
  }
  return root;
}

const sanitiseLabel = (text: string): string => text.replace(/[;#]/g, ' ').replace(/\s+/g, ' ');

function transitionLabel(transition: AnyTransitionDefinition): string {
  const guard = guardLabel(transition.guard);
  const event = transition.eventType === '' ? '' : eventLabel(transition.eventType);
  return sanitiseLabel([event, guard && `[${guard}]`].filter(Boolean).join(' '));
}

function collectEdges(root: AnyStateNode): Edge[] {
  const edges: Edge[] = [];
  for (const node of allNodes(root)) {
    for (const transition of transitionsOf(node)) {
      for (const target of transition.target ?? []) {
        edges.push({ source: node, target, label: transitionLabel(transition) });
      }
    }
  }
  return edges;
}

function edgeLine(edge: Edge): string {
  const label = edge.label ? `: ${edge.label}` : '';
  return `${mermaidId(edge.source)} --> ${mermaidId(edge.target)}${label}`;
}

/** The lines inside one compound state (or the whole diagram for the root). */
function blockLines(node: AnyStateNode, edges: Edge[], root: AnyStateNode): string[] {
  const lines: string[] = [];
  const children = childrenOf(node);
  if (node.type === 'parallel') {
    children.forEach((region, index) => {
      if (index > 0) lines.push('--');
      lines.push(...stateLines(region, edges, root));
    });
    // Mermaid allows `--` only inside a state: a parallel machine's regions go in one.
    if (node !== root) return lines;
    return [`state ${root.machine.id} {`, ...lines.map((line) => `  ${line}`), '}'];
  }
  for (const target of node.initial?.target ?? []) {
    lines.push(`[*] --> ${mermaidId(target)}`);
  }
  for (const child of children) lines.push(...stateLines(child, edges, root));
  for (const edge of edges) {
    if (edgeContainer(edge, root) === node) lines.push(edgeLine(edge));
  }
  for (const child of children) {
    if (child.type === 'final') lines.push(`${mermaidId(child)} --> [*]`);
  }
  return lines;
}

function stateLines(node: AnyStateNode, edges: Edge[], root: AnyStateNode): string[] {
  const id = mermaidId(node);
  const named = id === node.key ? id : `"${node.key}" as ${id}`;
  if (node.type === 'compound' || node.type === 'parallel') {
    const inner = blockLines(node, edges, root).map((line) => `  ${line}`);
    return [`state ${named} {`, ...inner, '}'];
  }
  if (node.type === 'history') return [`state ${named}`, `note right of ${id}: history`];
  return id === node.key ? [] : [`state ${named}`];
}

const cell = (text: string): string => (text === '' ? '—' : text.replace(/\|/g, '\\|'));
const code = (text: string): string => (text === '' ? '' : `\`${text}\``);
const codeList = (items: string[]): string => items.map(code).join(', ');

function table(header: string[], rows: string[][]): string[] {
  return [
    `| ${header.join(' | ')} |`,
    `| ${header.map(() => '---').join(' | ')} |`,
    ...rows.map((row) => `| ${row.map(cell).join(' | ')} |`),
  ];
}

/** The Markdown page of one machine. */
export function machineToMarkdown(machine: AnyStateMachine, options: StatechartDocOptions): string {
  const root = machine.root as AnyStateNode;
  const nodes = allNodes(root);
  const edges = collectEdges(root);
  const out: string[] = [
    `# Statechart: ${machine.id}`,
    '',
    `<!-- Generated by \`npm run statecharts\` from ${options.sourcePath}. Do not edit by hand. -->`,
    '',
  ];
  if (root.description) out.push(root.description, '');
  out.push(
    `Source: \`${options.sourcePath}\`. Transitions that only run actions (no target) are`,
    'listed in the table below and not drawn.',
    '',
    '```mermaid',
    'stateDiagram-v2',
    ...blockLines(root, edges, root).map((line) => `  ${line}`),
    '```',
    '',
    '## States',
    '',
    ...table(
      ['State', 'Type', 'Tags', 'Invokes', 'Entry / exit', 'Description'],
      nodes
        .filter((node) => node !== root)
        .map((node) => [
          code(stateName(node)),
          node.type,
          codeList(node.tags),
          node.invoke
            .map((invoke) => {
              const src = typeof invoke.src === 'string' ? invoke.src : 'inline';
              return invoke.id === src ? code(src) : `${code(src)} as ${code(invoke.id)}`;
            })
            .join(', '),
          [
            node.entry.length ? `entry: ${codeList(node.entry.map(actionLabel))}` : '',
            node.exit.length ? `exit: ${codeList(node.exit.map(actionLabel))}` : '',
          ]
            .filter(Boolean)
            .join('; '),
          node.description ?? '',
        ]),
    ),
    '',
    '## Transitions',
    '',
    ...table(
      ['From', 'Event', 'Guard', 'To', 'Actions', 'Description'],
      nodes.flatMap((node) =>
        transitionsOf(node).map((transition) => [
          code(stateName(node)),
          code(eventLabel(transition.eventType)),
          code(guardLabel(transition.guard)),
          transition.target?.length
            ? codeList(transition.target.map((target: AnyStateNode) => stateName(target)))
            : '(stays)',
          codeList(transition.actions.map(actionLabel)),
          (transition as { description?: string }).description ?? '',
        ]),
      ),
    ),
    '',
  );

  const events = new Map<string, string[]>();
  for (const node of nodes) {
    for (const eventType of node.transitions.keys()) {
      if (eventType.startsWith('xstate.')) continue;
      const where = events.get(eventType) ?? [];
      where.push(node === root ? '(any state)' : stateName(node));
      events.set(eventType, where);
    }
  }
  out.push(
    '## Events',
    '',
    ...table(
      ['Event', 'Accepted in'],
      [...events].map(([eventType, where]) => [
        code(eventType),
        where.map((name) => (name === '(any state)' ? name : code(name))).join(', '),
      ]),
    ),
    '',
  );

  const guards = new Map<string, string[]>();
  for (const name of Object.keys(machine.implementations.guards ?? {})) guards.set(name, []);
  for (const node of nodes) {
    for (const transition of transitionsOf(node)) {
      for (const name of guardNames(transition.guard)) {
        const uses = guards.get(name) ?? [];
        uses.push(`${stateName(node)} on ${eventLabel(transition.eventType)}`);
        guards.set(name, uses);
      }
    }
  }
  out.push('## Guards', '');
  if (guards.size === 0) {
    out.push('None.', '');
  } else {
    out.push(
      ...table(
        ['Guard', 'Checked on'],
        [...guards].map(([name, uses]) => [
          code(name),
          uses.length ? [...new Set(uses)].map(code).join(', ') : '(not used)',
        ]),
      ),
      '',
    );
  }
  return out.join('\n');
}
