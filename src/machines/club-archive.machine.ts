import { assign, fromPromise, setup } from 'xstate';
import type { Club } from '../../contract/clubs.schema';
import { toRequestFailure } from '../lib/request-failure';

/** The club the confirmation is about: enough to name it and to call the server. */
export type ClubToArchive = Pick<Club, 'id' | 'name'>;

export interface ClubArchiveContext {
  club: ClubToArchive | null;
}

export type ClubArchiveEvent =
  | { type: 'archive.ask'; club: ClubToArchive }
  | { type: 'archive.cancel' }
  | { type: 'archive.confirm' };

/**
 * Archiving a club from the list (issue #4): ask first, then call the server once; the
 * answer (done, or the server's reason, e.g. a 403 for a member who may not update it) is told to
 * the screen by `notifyArchived` / `notifyRefused` (toasts, provided by the screen).
 */
export const clubArchiveMachine = setup({
  types: {
    context: {} as ClubArchiveContext,
    events: {} as ClubArchiveEvent,
  },
  actors: {
    archive: fromPromise<Club, ClubToArchive>(() =>
      Promise.reject(new Error('archive is not provided')),
    ),
  },
  actions: {
    assignClub: assign((_, { club }: { club: ClubToArchive }) => ({ club })),
    clearClub: assign({ club: null }),
    notifyArchived: (_, _params: { club: Club }) => {},
    notifyRefused: (_, _params: { message: string }) => {},
  },
}).createMachine({
  id: 'clubArchive',
  description: 'Asks before archiving a club, then archives it or shows why the server refused.',
  context: { club: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'archive.ask': {
          target: 'confirming',
          actions: {
            type: 'assignClub',
            params: ({ event }) => ({ club: event.club }),
          },
        },
      },
    },
    confirming: {
      description: 'The dialog asks "¿Archivar {name}?".',
      on: {
        'archive.cancel': { target: 'idle', actions: 'clearClub' },
        'archive.confirm': 'archiving',
      },
    },
    archiving: {
      tags: ['loading'],
      invoke: {
        id: 'archive',
        src: 'archive',
        input: ({ context }) => {
          if (!context.club) throw new Error('No club to archive');
          return context.club;
        },
        onDone: {
          target: 'idle',
          actions: [
            { type: 'notifyArchived', params: ({ event }) => ({ club: event.output }) },
            'clearClub',
          ],
        },
        onError: {
          target: 'idle',
          actions: [
            {
              type: 'notifyRefused',
              params: ({ event }) => ({ message: toRequestFailure(event.error).message }),
            },
            'clearClub',
          ],
        },
      },
    },
  },
});
