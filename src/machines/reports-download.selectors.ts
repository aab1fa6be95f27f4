import type { RequestFailure } from '../lib/request-failure';
import type { ReportDownloadProgress, ReportDownloadSnapshot } from './reports-download.machine';

/** Where one report card's download is, as the card shows it. */
export type DownloadState =
  | { kind: 'idle' }
  | { kind: 'downloading'; progress: ReportDownloadProgress | null }
  | { kind: 'done'; fileName: string; total: number | null }
  | { kind: 'cancelled' }
  | { kind: 'failed'; message: string; fieldErrors: RequestFailure['fieldErrors'] };

export function selectDownloadState(snapshot: ReportDownloadSnapshot): DownloadState {
  const { progress, saved, failure } = snapshot.context;
  if (snapshot.matches('downloading')) return { kind: 'downloading', progress };
  if (snapshot.matches('done') && saved) return { kind: 'done', ...saved };
  if (snapshot.matches('cancelled')) return { kind: 'cancelled' };
  if (snapshot.matches('failed') && failure) {
    return { kind: 'failed', message: failure.message, fieldErrors: failure.fieldErrors };
  }
  return { kind: 'idle' };
}

/** 'Descargar' is off while a download runs. */
export const selectIsBusy = (snapshot: ReportDownloadSnapshot) => snapshot.hasTag('busy');

/** 'Cancelar' shows only while a download runs. */
export const selectCanCancel = (snapshot: ReportDownloadSnapshot) =>
  snapshot.can({ type: 'download.cancel' });
