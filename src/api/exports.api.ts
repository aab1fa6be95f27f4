import { listQueryString } from '../../contract/common.schema';
import { authClient, describeFailures } from './http';

/*
 * A grid's whole list as a file (issue #34 item 3): `GET <list path>/export` with the
 * grid's filters, search and sort (not its page), as CSV for Excel in Spanish or .xlsx.
 * The server writes every matching row and names the file.
 */

export type ExportFormat = 'csv' | 'xlsx';

export interface ExportedFile {
  blob: Blob;
  fileName: string;
}

/** The list's params without its paging: the export answers every row. */
const withoutPaging = ({
  page: _page,
  pageSize: _pageSize,
  ...rest
}: Readonly<Record<string, string | number | boolean | null | undefined>>) => rest;

/** The file name of Content-Disposition, else the list's last segment and today. */
function fileNameOf(headers: Headers, path: string, format: ExportFormat): string {
  const match = /filename="([^"]+)"/.exec(headers.get('content-disposition') ?? '');
  return match?.[1] ?? `${path.split('/').pop() ?? 'lista'}.${format}`;
}

/**
 * Downloads the export of the list at `path` (e.g. `/pla_club_teams/3/players`) for
 * `params`; failures are RequestErrors with the server's Spanish message.
 */
export const fetchListExport = (
  path: string,
  params: Readonly<Record<string, string | number | boolean | null | undefined>>,
  format: ExportFormat,
): Promise<ExportedFile> =>
  describeFailures(async () => {
    const response = await authClient.raw<Blob, 'blob'>(`${path}/export`, {
      query: { ...listQueryString(withoutPaging(params)), format },
      responseType: 'blob',
    });
    return { blob: response._data!, fileName: fileNameOf(response.headers, path, format) };
  });
