import type { SnapshotFrom } from 'xstate';
import type { rolePermissionsMachine } from './roles-permissions.machine';

type RolePermissionsSnapshot = SnapshotFrom<typeof rolePermissionsMachine>;

/** What the page body shows: a skeleton, the load failure, or the matrix. */
export type RolePermissionsView = 'loading' | 'loadFailed' | 'matrix';

export const selectView = (snapshot: RolePermissionsSnapshot): RolePermissionsView => {
  if (snapshot.matches('loadFailed')) return 'loadFailed';
  if (snapshot.matches('editing') || snapshot.matches('saving')) return 'matrix';
  return 'loading';
};

export const selectRoles = (snapshot: RolePermissionsSnapshot) => snapshot.context.roles;

export const selectRoleId = (snapshot: RolePermissionsSnapshot) => snapshot.context.roleId;

export const selectScope = (snapshot: RolePermissionsSnapshot) => snapshot.context.scope;

/** The configuration shown (the last one loaded or saved), or null before the first. */
export const selectConfiguration = (snapshot: RolePermissionsSnapshot) =>
  snapshot.context.configuration;

/** The ticked permissions, by module id. */
export const selectDraft = (snapshot: RolePermissionsSnapshot) => snapshot.context.draft;

/** Whether the checkboxes may change: an editable configuration, not while saving. */
export const selectCanEdit = (snapshot: RolePermissionsSnapshot) =>
  snapshot.matches('editing') &&
  !snapshot.matches({ editing: 'confirmingDiscard' }) &&
  snapshot.context.configuration?.editable === true;

export const selectIsSaving = (snapshot: RolePermissionsSnapshot) => snapshot.matches('saving');

/** 'Guardar cambios' is enabled with changes to save and nothing in flight. */
export const selectCanSave = (snapshot: RolePermissionsSnapshot) =>
  snapshot.can({ type: 'permissions.save' });

/** True while the "Descartar cambios" confirmation is open. */
export const selectIsConfirmingDiscard = (snapshot: RolePermissionsSnapshot) =>
  snapshot.matches({ editing: 'confirmingDiscard' });

/** Why loading (in 'loadFailed') or the last save (in 'editing.failed') failed, else null. */
export const selectFailure = (snapshot: RolePermissionsSnapshot) =>
  snapshot.matches('loadFailed') || snapshot.matches({ editing: 'failed' })
    ? snapshot.context.failure
    : null;

/** Whether the role picker and the scope switch may be used (not while loading or saving). */
export const selectCanSwitch = (snapshot: RolePermissionsSnapshot) =>
  !snapshot.hasTag('loading') && !snapshot.matches({ editing: 'confirmingDiscard' });

/**
 * Whether leaving the page would lose ticked boxes: changes not saved yet (dirty, asking
 * to discard them, a refused save) or still being saved one module at a time.
 */
export const selectHasUnsavedChanges = (snapshot: RolePermissionsSnapshot) =>
  snapshot.matches({ editing: 'dirty' }) ||
  snapshot.matches({ editing: 'confirmingDiscard' }) ||
  snapshot.matches({ editing: 'failed' }) ||
  snapshot.matches('saving');
