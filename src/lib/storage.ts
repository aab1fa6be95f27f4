import type { ClubSummary } from '../../contract/users.schema';

/**
 * What the browser keeps in localStorage, by key. The first three keys are the spec's (§3, §9);
 * the selected club's key is not named by the spec, so `selectedClub` is ours.
 */
export interface StoredValues {
  /** The bearer token of the signed-in user. */
  jwtToken: string;
  /** Where to go after the next login (a path inside the app, with its query string). */
  redirectAfterLogin: string;
  /** Whether the welcome overlay was already shown after the first login on this device. */
  hasSeenOverlay: boolean;
  /** The club the user is working in, stored as a whole object (spec §3). */
  selectedClub: ClubSummary;
  /**
   * Whether the sidebar shows icons only: a visual preference of this device, not of the
   * account, so logout keeps it.
   */
  sidebarCompact: boolean;
}

export type StorageKey = keyof StoredValues;

/**
 * Strings are stored raw (a token is readable in the devtools as it is); anything else as JSON.
 */
const isStoredAsJson = (key: StorageKey) =>
  key === 'hasSeenOverlay' || key === 'selectedClub' || key === 'sidebarCompact';

/** localStorage, or nothing when the browser refuses it (private mode, tests in node). */
function backend(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** Reads one stored value; a missing, unreadable or corrupt value reads as `null`. */
export function getStored<K extends StorageKey>(key: K): StoredValues[K] | null {
  const raw = backend()?.getItem(key) ?? null;
  if (raw === null) return null;
  if (!isStoredAsJson(key)) return raw as StoredValues[K];
  try {
    return JSON.parse(raw) as StoredValues[K];
  } catch {
    return null;
  }
}

export function setStored<K extends StorageKey>(key: K, value: StoredValues[K]): void {
  try {
    backend()?.setItem(key, isStoredAsJson(key) ? JSON.stringify(value) : String(value));
  } catch {
    // A full or refused storage only costs the user a re-login; never break the page for it.
  }
}

export function removeStored(key: StorageKey): void {
  try {
    backend()?.removeItem(key);
  } catch {
    // See setStored.
  }
}

/** The typed storage as one object, so effects can receive it as a dependency (and tests a fake). */
export interface TypedStorage {
  get: typeof getStored;
  set: typeof setStored;
  remove: typeof removeStored;
}

export const storage: TypedStorage = { get: getStored, set: setStored, remove: removeStored };
