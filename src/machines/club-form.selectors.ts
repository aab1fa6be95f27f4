import type { SnapshotFrom } from 'xstate';
import type { clubFormMachine } from './club-form.machine';

type ClubFormSnapshot = SnapshotFrom<typeof clubFormMachine>;

export const selectIsSaving = (snapshot: ClubFormSnapshot) => snapshot.hasTag('loading');

export const selectCanSave = (snapshot: ClubFormSnapshot) =>
  snapshot.can({ type: 'club.save', values: {} });

/** Why the last save was refused (message and field errors), or null. */
export const selectSaveFailure = (snapshot: ClubFormSnapshot) => snapshot.context.failure;
