import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { and, createMachine, not } from 'xstate';
import { checkStatecharts, generateStatecharts } from '../../scripts/lib/statechart-files';
import { machineToMarkdown } from '../../scripts/lib/statechart-mermaid';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('docs/statecharts', () => {
  it('has an up-to-date page for every machine (run `npm run statecharts` when this fails)', async () => {
    const pages = await generateStatecharts(rootDir);
    expect(pages.map((page) => page.docFile)).toContain('docs/statecharts/auth.md');
    const { stale, orphans } = await checkStatecharts(rootDir, pages);
    expect(stale.map((page) => page.docFile)).toEqual([]);
    expect(orphans).toEqual([]);
  });
});

describe('machineToMarkdown', () => {
  const machine = createMachine({
    id: 'player',
    description: 'A small machine with every kind of node.',
    initial: 'stopped',
    states: {
      stopped: {
        on: {
          PLAY: { guard: and(['hasTrack', not('isLocked')]), target: 'playing' },
        },
      },
      playing: {
        type: 'parallel',
        on: { STOP: 'stopped', END: 'ended' },
        states: {
          sound: {
            initial: 'on',
            states: { on: { on: { MUTE: 'off' } }, off: { on: { MUTE: 'on' } } },
          },
          video: { initial: 'shown', states: { shown: {} } },
        },
      },
      ended: { type: 'final' },
    },
  });
  const markdown = machineToMarkdown(machine, { sourcePath: 'src/machines/player.machine.ts' });

  it('draws initial, final, nested and parallel states with their transitions', () => {
    expect(markdown).toContain('# Statechart: player');
    expect(markdown).toContain('  [*] --> stopped');
    expect(markdown).toContain('  ended --> [*]');
    expect(markdown).toContain('  state playing {');
    expect(markdown).toMatch(/\n {4}--\n/);
    expect(markdown).toContain('state "on" as playing_sound_on');
    expect(markdown).toContain('playing_sound_on --> playing_sound_off: MUTE');
    expect(markdown).toContain('stopped --> playing: PLAY [(hasTrack && !isLocked)]');
  });

  it('puts a parallel machine’s regions inside one state named after it (Mermaid refuses a top-level `--`)', () => {
    const duo = createMachine({
      id: 'duo',
      type: 'parallel',
      states: { left: { initial: 'a', states: { a: {} } }, right: {} },
    });
    const diagram = machineToMarkdown(duo, { sourcePath: 'duo.ts' });
    expect(diagram).toContain('stateDiagram-v2\n  state duo {\n    state left {');
    expect(diagram).toMatch(/\n {4}--\n/);
    expect(diagram).not.toMatch(/\n {2}--\n/);
  });

  it('lists events and guards in tables', () => {
    expect(markdown).toContain('| `MUTE` | `playing.sound.on`, `playing.sound.off` |');
    expect(markdown).toContain('| `isLocked` | `stopped on PLAY` |');
  });

  it('is the same text every time', () => {
    expect(machineToMarkdown(machine, { sourcePath: 'src/machines/player.machine.ts' })).toBe(
      markdown,
    );
  });
});
