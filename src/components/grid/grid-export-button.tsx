import FileDownload from '@mui/icons-material/FileDownloadOutlined';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { type ExportFormat, fetchListExport } from '../../api/exports.api';
import { toast } from '../toaster';

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

const formats: { format: ExportFormat; label: string }[] = [
  { format: 'csv', label: 'CSV (Excel)' },
  { format: 'xlsx', label: 'Excel (.xlsx)' },
];

interface GridExportButtonProps {
  /** The list's API path (`/pla_club_teams/3/players`); the export is `<path>/export`. */
  path: string;
  /**
   * The grid's list params at the moment of the click: its filters, search and sort are
   * sent, its page is not.
   */
  params: () => Readonly<Record<string, string | number | boolean | null | undefined>>;
}

/**
 * 'Exportar' and its menu, 'CSV (Excel)' and 'Excel (.xlsx)': the server writes every row
 * of the list as the grid filters and sorts it (not only the page on screen). A menu
 * button (arrow keys, Enter, Esc); while the file comes it says 'Exportando…'.
 */
export function GridExportButton({ path, params }: GridExportButtonProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);
  const menuId = useId();
  const buttonId = useId();

  const download = async (format: ExportFormat) => {
    setAnchor(null);
    setBusy(true);
    try {
      const { blob, fileName } = await fetchListExport(path, params(), format);
      saveFile(blob, fileName);
    } catch (error) {
      toast(error instanceof Error ? error.message : String(error), {
        variant: 'destructive',
        title: 'No se pudo exportar',
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        id={buttonId}
        size="small"
        startIcon={<FileDownload />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        disabled={busy}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {busy ? 'Exportando…' : 'Exportar'}
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-labelledby': buttonId } }}
      >
        {formats.map(({ format, label }) => (
          <MenuItem key={format} onClick={() => void download(format)}>
            {label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
