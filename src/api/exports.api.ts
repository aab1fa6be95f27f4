import { listQueryString } from '../../contract/common.schema';
import {
  type ExportFormat,
  type ExportState,
  exportStateSchema,
} from '../../contract/exports.schema';
import { authClient, describeFailures } from './http';

/*
 * A grid's whole list as a file (issues #34 item 3 and #36 item 2): `POST <list path>/export`
 * with the grid's filters, search and sort (not its page) queues it on the server, whose
 * job writes every matching row; `GET /api/exports/{id}` says how it goes and
 * `GET /api/exports/{id}/file` hands the file, named by the server.
 */

export type { ExportFormat, ExportState };

export interface ExportedFile {
  blob: Blob;
  fileName: string;
}

type ListParams = Readonly<Record<string, string | number | boolean | null | undefined>>;

/** The list's params without its paging: the export answers every row. */
const withoutPaging = ({ page: _page, pageSize: _pageSize, ...rest }: ListParams) => rest;

/** The file name of Content-Disposition, else the export's id and format. */
function fileNameOf(headers: Headers, state: ExportState): string {
  const match = /filename="([^"]+)"/.exec(headers.get('content-disposition') ?? '');
  return match?.[1] ?? state.file_name ?? `exportacion-${state.id}.${state.format}`;
}

/**
 * Queues the export of the list at `path` (e.g. `/pla_club_teams/3/players`) for `params`;
 * `key` is made once per click and repeated if this very request is sent again.
 */
export const queueListExport = (
  path: string,
  params: ListParams,
  format: ExportFormat,
  key: string,
): Promise<ExportState> =>
  describeFailures(async () =>
    exportStateSchema.parse(
      await authClient(`${path}/export`, {
        method: 'POST',
        query: { ...listQueryString(withoutPaging(params)), format },
        body: { idempotency_key: key },
      }),
    ),
  );

/** How the export `id` goes (queued, running, done or failed). */
export const fetchExportState = (id: number): Promise<ExportState> =>
  describeFailures(async () => exportStateSchema.parse(await authClient(`/exports/${id}`)));

/** The file of the finished export `state`; failures carry the server's Spanish message. */
export const fetchExportFile = (state: ExportState): Promise<ExportedFile> =>
  describeFailures(async () => {
    const response = await authClient.raw<Blob, 'blob'>(`/exports/${state.id}/file`, {
      responseType: 'blob',
    });
    return { blob: response._data!, fileName: fileNameOf(response.headers, state) };
  });
