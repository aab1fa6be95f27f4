import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise, setup } from 'xstate';
import { getLiveActor, liveInspector, subscribeLiveActors } from '../../src/app/live-actors';

/** A small machine with a secret in one event and an invoked child, as auth has. */
const door = setup({
  types: {
    events: {} as
      | { type: 'door.open'; pathname: string; password: string; token: string }
      | { type: 'door.close'; hidden: boolean; facts: { pathname: string; permissions: string[] } }
      | { type: 'door.tick'; id: number },
  },
  actors: { lock: fromPromise(async () => ({ token: 'secret-token-from-the-server' })) },
}).createMachine({
  id: 'door',
  initial: 'closed',
  states: {
    closed: { on: { 'door.open': 'opening', 'door.tick': 'closed' } },
    opening: { invoke: { src: 'lock', onDone: 'open' } },
    open: { on: { 'door.close': 'closed' } },
  },
});

const types = (name: string) => getLiveActor(name)?.events.map((event) => event.type);

describe('the live actors registry', () => {
  it('records an actor from its start, newest first, and forgets it when it stops', async () => {
    const actor = createActor(door, { inspect: liveInspector('door-1') });
    expect(getLiveActor('door-1')).toBeUndefined();
    actor.start();
    expect(getLiveActor('door-1')?.actor).toBe(actor);
    expect(types('door-1')).toEqual(['xstate.init']);

    actor.send({ type: 'door.open', pathname: '/home', password: 'Secreto123!', token: 'abc' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().value).toBe('open');
    // The child's own events (its start) are not the actor's; the done event it sent back is.
    expect(types('door-1')).toEqual([
      'xstate.done.actor.0.door.opening',
      'door.open',
      'xstate.init',
    ]);

    actor.stop();
    expect(getLiveActor('door-1')?.actor).toBeNull();
    expect(types('door-1')).toHaveLength(3);
  });

  it('keeps only whitelisted fields: never a password, a token or an answer', async () => {
    const actor = createActor(door, { inspect: liveInspector('door-2') }).start();
    actor.send({ type: 'door.open', pathname: '/home/x', password: 'Secreto123!', token: 'jwt' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    actor.send({
      type: 'door.close',
      hidden: true,
      facts: { pathname: '/dev/statecharts', permissions: ['players.view'] },
    });
    const [close, done, open] = getLiveActor('door-2')!.events;
    expect(open).toMatchObject({ type: 'door.open', detail: { pathname: '/home/x' } });
    expect(close?.detail).toEqual({ hidden: true, pathname: '/dev/statecharts' });
    expect(done?.detail).toEqual({});
    const kept = JSON.stringify(getLiveActor('door-2'), (key, value) =>
      key === 'actor' ? undefined : (value as unknown),
    );
    for (const secret of ['Secreto123!', 'jwt', 'secret-token-from-the-server', 'players.view']) {
      expect(kept).not.toContain(secret);
    }
    actor.stop();
  });

  it('keeps the last 20 events, each with its time', () => {
    const actor = createActor(door, { inspect: liveInspector('door-3') }).start();
    const before = Date.now();
    for (let id = 1; id <= 25; id++) actor.send({ type: 'door.tick', id });
    const events = getLiveActor('door-3')!.events;
    expect(events).toHaveLength(20);
    expect(events.map((event) => event.detail.id)).toEqual(
      Array.from({ length: 20 }, (_, index) => 25 - index),
    );
    expect(events.every((event) => event.at >= before && event.at <= Date.now())).toBe(true);
    actor.stop();
  });

  it('follows the newest actor of a machine, its events after the previous one’s', () => {
    const first = createActor(door, { inspect: liveInspector('door-4') }).start();
    first.send({ type: 'door.tick', id: 1 });
    const second = createActor(door, { inspect: liveInspector('door-4') }).start();
    // The previous one stopping later does not forget the new one.
    first.stop();
    expect(getLiveActor('door-4')?.actor).toBe(second);
    expect(types('door-4')).toEqual(['xstate.init', 'door.tick', 'xstate.init']);
    second.stop();
    expect(getLiveActor('door-4')?.actor).toBeNull();
  });

  it('tells its subscribers of every start, event and stop until they unsubscribe', () => {
    const light = createMachine({ id: 'light', on: { 'light.flash': {} } });
    let calls = 0;
    const unsubscribe = subscribeLiveActors(() => void (calls += 1));
    const actor = createActor(light, { inspect: liveInspector('light') }).start();
    actor.send({ type: 'light.flash' });
    actor.stop();
    expect(calls).toBe(3);
    unsubscribe();
    createActor(light, { inspect: liveInspector('light') })
      .start()
      .stop();
    expect(calls).toBe(3);
  });
});
