import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AnyStateNode } from 'xstate';
import { authMachine } from '../../src/machines/auth.machine';
import { notificationsMachine } from '../../src/machines/notifications.machine';
import { routeGuardMachine } from '../../src/machines/route-guard.machine';
import {
  activeLeafPaths,
  extractMermaid,
  extractTable,
  highlightStates,
  parseStatechart,
} from '../../src/screens/dev/statechart-markdown';

const page = (name: string) =>
  readFileSync(path.resolve(import.meta.dirname, '../../docs/statecharts', `${name}.md`), 'utf8');

const allNodes = (node: AnyStateNode): AnyStateNode[] => [
  node,
  ...Object.values(node.states as Record<string, AnyStateNode>).flatMap(allNodes),
];

describe('reading a statechart page', () => {
  it('takes the text of the mermaid block, without the fences', () => {
    const markdown =
      'Intro\n\n```mermaid\nstateDiagram-v2\n  [*] --> a\n  a --> b: go\n```\n\n## States\n';
    expect(extractMermaid(markdown)).toBe('stateDiagram-v2\n  [*] --> a\n  a --> b: go');
    expect(extractMermaid('```ts\nconst a = 1;\n```')).toBeNull();
  });

  it('reads a table under its heading: cells trimmed, backticks dropped, escaped pipes kept', () => {
    const markdown = [
      '## States',
      '',
      '| State | Description |',
      '| --- | --- |',
      '| `a.b` | one \\| two |',
      '| `c` | — |',
      '',
      '## Transitions',
      '| From | To |',
    ].join('\n');
    expect(extractTable(markdown, 'States')).toEqual({
      header: ['State', 'Description'],
      rows: [
        ['a.b', 'one | two'],
        ['c', '—'],
      ],
    });
    expect(extractTable(markdown, 'Guards')).toEqual({ header: [], rows: [] });
  });

  it('reads the committed auth page: its id, description, diagram and states', () => {
    const doc = parseStatechart(page('auth'))!;
    expect(doc.machineId).toBe('auth');
    expect(doc.description).toBe(authMachine.root.description);
    expect(doc.diagram.split('\n')[0]).toBe('stateDiagram-v2');
    expect(doc.diagram).not.toContain('```');
    expect(doc.states.header[0]).toBe('State');
    const described = allNodes(authMachine.root as AnyStateNode).filter((n) => n.path.length);
    expect(doc.states.rows.map((row) => row[0])).toEqual(described.map((n) => n.path.join('.')));
  });

  it('reads a page without a description as an empty one, and refuses other Markdown', () => {
    const markdown = page('route-guard').replace(/-->\n\n[^\n]+\n\nSource:/, '-->\n\nSource:');
    expect(parseStatechart(markdown)?.description).toBe('');
    expect(parseStatechart('# Notes\n\nNothing here.')).toBeNull();
  });
});

describe('a parallel machine’s diagram', () => {
  it('has its regions inside one state, which Mermaid needs around `--`', () => {
    const notifications = parseStatechart(page('notifications'))!.diagram;
    expect(notifications.split('\n').slice(0, 3)).toEqual([
      'stateDiagram-v2',
      '  state notifications {',
      '    state polling {',
    ]);
    expect(notifications.split('\n')).not.toContain('  --');
    expect(notifications.split('\n')).toContain('    --');
  });
});

describe('the current states in the diagram', () => {
  it('lists the innermost active state of every region', () => {
    expect(activeLeafPaths('allowed')).toEqual([['allowed']]);
    expect(activeLeafPaths({ authenticated: { user: 'idle', permissions: 'refreshing' } })).toEqual(
      [
        ['authenticated', 'user', 'idle'],
        ['authenticated', 'permissions', 'refreshing'],
      ],
    );
    expect(activeLeafPaths({ session: { polling: {} } })).toEqual([['session', 'polling']]);
  });

  it('names them as the generated diagram does, for every simple state of a machine', () => {
    for (const [machine, name] of [
      [authMachine, 'auth'],
      [routeGuardMachine, 'route-guard'],
      [notificationsMachine, 'notifications'],
    ] as const) {
      const { diagram } = parseStatechart(page(name))!;
      const simple = allNodes(machine.root as AnyStateNode).filter((n) => n.type === 'atomic');
      for (const node of simple) {
        const highlighted = highlightStates(diagram, [node.path], 'fill:#fff');
        const id = highlighted.split('\n').at(-1)!.trim().split(' ')[1]!;
        // The id the class line names is a state the diagram draws.
        expect([
          name,
          node.path.join('.'),
          new RegExp(`(^|\\s)${id}(\\s|:|$)`, 'm').test(diagram),
        ]).toEqual([name, node.path.join('.'), true]);
      }
    }
  });

  it('appends the live class and one class line per current state, leaving the rest as it was', () => {
    const diagram = 'stateDiagram-v2\n  [*] --> a';
    const paths = [
      ['authenticated', 'user', 'idle'],
      ['authenticated', 'permissions', 'asLoaded'],
    ];
    expect(highlightStates(diagram, paths, 'fill:#ffb74d,stroke:#e65100')).toBe(
      [
        'stateDiagram-v2',
        '  [*] --> a',
        '  classDef live fill:#ffb74d,stroke:#e65100',
        '  class authenticated_user_idle live',
        '  class authenticated_permissions_asLoaded live',
      ].join('\n'),
    );
    expect(highlightStates(diagram, [], 'fill:#fff')).toBe(diagram);
  });
});
