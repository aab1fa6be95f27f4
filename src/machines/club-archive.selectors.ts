import type { SnapshotFrom } from 'xstate';
import type { clubArchiveMachine } from './club-archive.machine';

type ClubArchiveSnapshot = SnapshotFrom<typeof clubArchiveMachine>;

/** The club the confirmation asks about while it is open (asking or archiving), else null. */
export const selectClubToArchive = (snapshot: ClubArchiveSnapshot) => snapshot.context.club;

export const selectIsArchiving = (snapshot: ClubArchiveSnapshot) => snapshot.hasTag('loading');
