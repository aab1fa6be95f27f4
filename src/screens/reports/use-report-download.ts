import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { downloadReport } from '../../api/reports.api';
import { createReportDownloadImplementations } from '../../machines/reports-download.actors';
import {
  type ReportDownloadRequest,
  reportDownloadMachine,
} from '../../machines/reports-download.machine';
import {
  selectCanCancel,
  selectDownloadState,
  selectIsBusy,
} from '../../machines/reports-download.selectors';

export type { DownloadState } from '../../machines/reports-download.selectors';

/** Hands the browser a file to save, as a link to a blob clicked once. */
function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser the time to start the download before the blob goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * One report card's download (src/machines/reports-download.machine.ts), wired to the API
 * and to the browser's save: its state as the card shows it, and 'Descargar' / 'Cancelar'.
 */
export function useReportDownload(save: typeof saveFile = saveFile) {
  // The card's actor is made once, with the effects it was first given.
  const [logic] = useState(() =>
    reportDownloadMachine.provide(
      createReportDownloadImplementations({ download: downloadReport, save }),
    ),
  );
  const download = useActorRef(logic);
  const state = useSelector(download, selectDownloadState);
  const busy = useSelector(download, selectIsBusy);
  const canCancel = useSelector(download, selectCanCancel);
  const start = (request: ReportDownloadRequest) =>
    download.send({ type: 'download.start', request });
  const cancel = () => download.send({ type: 'download.cancel' });
  return { state, busy, canCancel, start, cancel };
}
