import { apiErrorSchema } from '../../contract/api-error.schema';
import {
  REPORT_TOTAL_HEADER,
  type ReportFormat,
  type ReportKind,
  reportFileName,
} from '../../contract/reports.schema';
import {
  NETWORK_FAILURE_MESSAGE,
  RequestError,
  UNKNOWN_FAILURE_MESSAGE,
} from '../lib/request-failure';
import { API_BASE_URL } from './http';
import { session } from './session';

/*
 * Reportes del Sistema (issue #17): GET /api/admin/reports/{report}.{format}, read as a
 * stream (fetch + ReadableStream reader) so the screen shows how far it has come: the
 * server says how many rows with X-Total-Rows; a CSV row is one line, so lines read /
 * rows is the progress; an XLSX is zipped, so only its bytes are known.
 */

export interface ReportRequest {
  report: ReportKind;
  format: ReportFormat;
  /** status, from, to: only the ones set are sent. */
  filters: Partial<Record<'status' | 'from' | 'to', string>>;
}

export interface ReportProgress {
  /** Data rows the report holds (X-Total-Rows); null if the header was missing. */
  total: number | null;
  /** 0..1 for a CSV; null for an XLSX (unknown until the end). */
  fraction: number | null;
  bytes: number;
}

export interface DownloadedReport {
  blob: Blob;
  fileName: string;
  total: number | null;
}

const LINE_FEED = 10;

/** The file name of Content-Disposition, or ours for today. */
function fileNameOf(response: Response, request: ReportRequest): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  return (
    match?.[1] ??
    reportFileName(request.report, request.format, new Date().toISOString().slice(0, 10))
  );
}

async function failureOf(response: Response): Promise<RequestError> {
  const body = apiErrorSchema.safeParse(await response.json().catch(() => null));
  const fieldErrors: Record<string, string> = {};
  for (const { path, message } of body.success ? (body.data.errors ?? []) : []) {
    fieldErrors[path] ??= message;
  }
  return new RequestError({
    status: response.status,
    message: body.success ? body.data.message : UNKNOWN_FAILURE_MESSAGE,
    fieldErrors,
  });
}

/**
 * Downloads a report, calling `onProgress` as its bytes arrive; `signal` cancels it (the
 * promise then rejects with the AbortError). Failures are RequestErrors in Spanish.
 */
export async function downloadReport(
  request: ReportRequest,
  { signal, onProgress }: { signal?: AbortSignal; onProgress?: (progress: ReportProgress) => void },
): Promise<DownloadedReport> {
  const query = new URLSearchParams(
    Object.entries(request.filters).filter((entry): entry is [string, string] => !!entry[1]),
  ).toString();
  const url = `${API_BASE_URL}/admin/reports/${request.report}.${request.format}${query ? `?${query}` : ''}`;
  const token = session.token();
  let response: Response;
  try {
    response = await fetch(url, {
      credentials: 'include',
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new RequestError({ status: null, message: NETWORK_FAILURE_MESSAGE, fieldErrors: {} });
  }
  if (!response.ok) throw await failureOf(response);
  const header = response.headers.get(REPORT_TOTAL_HEADER);
  const total = header !== null && /^\d+$/.test(header) ? Number(header) : null;
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  let lines = 0;
  const reader = response.body?.getReader();
  try {
    for (;;) {
      if (!reader) break;
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      bytes += value.byteLength;
      if (request.format === 'csv') for (const byte of value) if (byte === LINE_FEED) lines++;
      // The header line is not a row.
      const fraction =
        request.format === 'csv' && total !== null
          ? total === 0
            ? 1
            : Math.min(1, Math.max(0, lines - 1) / total)
          : null;
      onProgress?.({ total, fraction, bytes });
    }
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new RequestError({ status: null, message: NETWORK_FAILURE_MESSAGE, fieldErrors: {} });
  }
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  const blob = reader ? new Blob(chunks as BlobPart[], { type }) : await response.blob();
  return { blob, fileName: fileNameOf(response, request), total };
}
