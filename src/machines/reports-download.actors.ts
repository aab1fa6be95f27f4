import { fromPromise } from 'xstate';
import type {
  ReportDownloadFile,
  ReportDownloadInput,
  ReportDownloadProgress,
  ReportDownloadRequest,
} from './reports-download.machine';

/*
 * A report download's effects (STYLE.md §2): src/api/reports.api.ts's downloadReport
 * satisfies `download`, the screen's link click satisfies `save`; tests pass fakes.
 */

export interface ReportDownloadDeps {
  /** Streams the report; `signal` aborts it (the request and the server's reading stop). */
  download: (
    request: ReportDownloadRequest,
    options: { signal: AbortSignal; onProgress: (progress: ReportDownloadProgress) => void },
  ) => Promise<ReportDownloadFile>;
  save: (blob: Blob, fileName: string) => void;
}

export function createReportDownloadImplementations(deps: ReportDownloadDeps) {
  return {
    actors: {
      // The actor's signal is aborted when the machine leaves `downloading` (cancel).
      download: fromPromise<ReportDownloadFile, ReportDownloadInput>(({ input, signal }) =>
        deps.download(input.request, {
          signal,
          // A chunk read just before the abort must not move a later download's bar.
          onProgress: (progress) => {
            if (!signal.aborted) input.onProgress(progress);
          },
        }),
      ),
    },
    actions: {
      save: (_: unknown, { file }: { file: ReportDownloadFile }) =>
        deps.save(file.blob, file.fileName),
    },
  };
}
