import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  type ExportFormat,
  type ExportState,
  fetchExportFile,
  fetchExportState,
  queueListExport,
} from '../../api/exports.api';
import { randomUuid } from '../../lib/random-uuid';
import { toast } from '../toaster';

/** How often a queued export's state is asked for while it is prepared. */
export const EXPORT_POLL_MS = 1_000;

/** Saves `blob` as `fileName` through a temporary link. */
function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

const finished = (state: ExportState | undefined) =>
  state?.status === 'done' || state?.status === 'failed';

type ListParams = () => Readonly<Record<string, string | number | boolean | null | undefined>>;

/**
 * The poll of export `id`: its state, and once done its file saved before the answer, so
 * the grid is busy until the download starts. A failure (the export's, or a request's)
 * is told through `fail` and answered as a failed state: the poll never throws.
 */
async function pollExport(id: number, fail: (message: string) => void): Promise<ExportState> {
  let state: ExportState | undefined;
  try {
    state = await fetchExportState(id);
    if (state.status === 'done') {
      const { blob, fileName } = await fetchExportFile(state);
      saveFile(blob, fileName);
    } else if (state.status === 'failed') {
      fail(state.error ?? 'La exportación falló');
    }
    return state;
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
    return { ...(state ?? placeholderState(id)), status: 'failed' };
  }
}

/** A state to stop the poll with when not even the first answer came. */
const placeholderState = (id: number): ExportState => ({
  id,
  status: 'failed',
  format: 'csv',
  rows: null,
  file_name: null,
  error: null,
  created_at: new Date().toISOString(),
  finished_at: null,
  expires_at: null,
});

/**
 * A grid's export through the job queue (issue #36 item 2): `start(format)` queues it with
 * the grid's params of that moment, its state is polled every EXPORT_POLL_MS until the file
 * is downloaded; a failure is a toast with 'Reintentar', which queues it again. `busy`
 * covers all of it.
 */
export function useQueuedExport(path: string, params: ListParams) {
  const [job, setJob] = useState<{ id: number; format: ExportFormat } | null>(null);

  const fail = (message: string, format: ExportFormat) =>
    toast(message, {
      variant: 'destructive',
      title: 'No se pudo exportar',
      action: { label: 'Reintentar', onClick: () => queue.mutate(format) },
    });

  const queue = useMutation({
    mutationFn: (format: ExportFormat) => queueListExport(path, params(), format, randomUuid()),
    onSuccess: (state, format) => setJob({ id: state.id, format }),
    onError: (error, format) => fail(error.message, format),
  });

  const progress = useQuery({
    queryKey: ['exports', job?.id],
    queryFn: () => pollExport(job!.id, (message) => fail(message, job!.format)),
    enabled: job !== null,
    refetchInterval: (query) => (finished(query.state.data) ? false : EXPORT_POLL_MS),
    // Each answer is acted on once: never asked again for focus or freshness.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    gcTime: 0,
  });

  return {
    start: (format: ExportFormat) => queue.mutate(format),
    busy: queue.isPending || (job !== null && !finished(progress.data)),
  };
}
