import Link from '@mui/material/Link';
import { MAIN_CONTENT_ID } from './main-landmark';

/**
 * The first stop of the Tab key: hidden until focused, it jumps over the menu and the top
 * bar (the shell's, or the public site's header) to the page whose id is `target`. Focus is
 * moved by hand so the URL keeps no '#' the router would see.
 */
export function SkipLink({ target = MAIN_CONTENT_ID }: { target?: string }) {
  return (
    <Link
      href={`#${target}`}
      onClick={(event) => {
        event.preventDefault();
        document.getElementById(target)?.focus();
      }}
      sx={{
        position: 'absolute',
        left: 8,
        top: -64,
        zIndex: 'tooltip',
        px: 2,
        py: 1,
        bgcolor: 'background.paper',
        boxShadow: 3,
        borderRadius: 1,
        '&:focus': { top: 8 },
      }}
    >
      Saltar al contenido principal
    </Link>
  );
}
