import { useCallback, useRef, useState } from 'react';
import { type ReportProgress, type ReportRequest, downloadReport } from '../../api/reports.api';
import { toRequestFailure } from '../../lib/request-failure';

/** Where one report card's download is. */
export type DownloadState =
  | { kind: 'idle' }
  | { kind: 'downloading'; progress: ReportProgress | null }
  | { kind: 'done'; fileName: string; total: number | null }
  | { kind: 'cancelled' }
  | { kind: 'failed'; message: string; fieldErrors: Record<string, string> };

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
 * One report's download, started by a click and cancellable: its progress as it streams,
 * then the file handed to the browser, or why it failed (Spanish), or that it was cancelled.
 */
export function useReportDownload(save: typeof saveFile = saveFile) {
  const [state, setState] = useState<DownloadState>({ kind: 'idle' });
  const controller = useRef<AbortController | null>(null);

  const start = useCallback(
    async (request: ReportRequest) => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      setState({ kind: 'downloading', progress: null });
      try {
        const report = await downloadReport(request, {
          signal: current.signal,
          onProgress: (progress) => {
            if (!current.signal.aborted) setState({ kind: 'downloading', progress });
          },
        });
        if (current.signal.aborted) return;
        save(report.blob, report.fileName);
        setState({ kind: 'done', fileName: report.fileName, total: report.total });
      } catch (error) {
        if (current.signal.aborted) {
          // Superseded by a newer download: that one owns the state.
          if (controller.current === current) setState({ kind: 'cancelled' });
          return;
        }
        const failure = toRequestFailure(error);
        setState({ kind: 'failed', message: failure.message, fieldErrors: failure.fieldErrors });
      } finally {
        if (controller.current === current) controller.current = null;
      }
    },
    [save],
  );

  const cancel = useCallback(() => controller.current?.abort(), []);

  return { state, start, cancel };
}
