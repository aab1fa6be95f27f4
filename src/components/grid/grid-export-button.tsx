import FileDownload from '@mui/icons-material/FileDownloadOutlined';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import type { ExportFormat } from '../../api/exports.api';
import { useQueuedExport } from './use-queued-export';

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
 * 'Exportar' and its menu, 'CSV (Excel)' and 'Excel (.xlsx)': the server's job queue writes
 * every row of the list as the grid filters and sorts it (not only the page on screen),
 * and the file downloads when it is ready. A menu button (arrow keys, Enter, Esc); while
 * the file is prepared it says 'Preparando el archivo…'.
 */
export function GridExportButton({ path, params }: GridExportButtonProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { start, busy } = useQueuedExport(path, params);
  const menuId = useId();
  const buttonId = useId();

  const download = (format: ExportFormat) => {
    setAnchor(null);
    start(format);
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
        {busy ? 'Preparando el archivo…' : 'Exportar'}
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-labelledby': buttonId } }}
      >
        {formats.map(({ format, label }) => (
          <MenuItem key={format} onClick={() => download(format)}>
            {label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
