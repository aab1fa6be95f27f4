import SportsSoccerOutlined from '@mui/icons-material/SportsSoccerOutlined';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListSubheader from '@mui/material/ListSubheader';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { SidebarItemLink, type ItemBehaviour } from './sidebar-item';
import type { SidebarSection } from './sidebar-items';

export const SIDEBAR_WIDTH = 264;
export const SIDEBAR_COMPACT_WIDTH = 72;

export interface SidebarProps extends ItemBehaviour {
  sections: SidebarSection[];
  /** Shown under the menu unless compact (the upgrade card). */
  footer?: ReactNode;
}

/** The menu of spec §2: logo, the sections `buildSidebar` chose, and a footer. */
export function Sidebar({ sections, footer, ...behaviour }: SidebarProps) {
  const { compact } = behaviour;
  return (
    // One column that the drawer scrolls as a whole: the footer sits at the bottom when
    // there is room and after the last item when there is not, never over an item.
    // A landmark of its own (complementary), so the logo and the footer are inside one too.
    <Box
      component="aside"
      aria-label="Barra lateral"
      sx={{ display: 'flex', flexDirection: 'column', flex: '1 0 auto' }}
    >
      <Logo compact={compact} onNavigate={behaviour.onNavigate} />
      <Box component="nav" aria-label="Menú principal" sx={{ pb: 1 }}>
        {sections.map((section, index) => (
          <Section
            key={section.id}
            section={section}
            divided={compact && index > 0}
            {...behaviour}
          />
        ))}
      </Box>
      {!compact && footer && <Box sx={{ mt: 'auto' }}>{footer}</Box>}
    </Box>
  );
}

function Logo({ compact, onNavigate }: Pick<ItemBehaviour, 'compact' | 'onNavigate'>) {
  return (
    <Box
      component={RouterLink}
      to="/"
      onClick={onNavigate}
      aria-label={compact ? 'Gestión deportiva' : undefined}
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: compact ? 'center' : 'flex-start',
        gap: 1,
        minHeight: 64,
        px: compact ? 0 : 2.5,
        color: 'primary.main',
        textDecoration: 'none',
      }}
    >
      <SportsSoccerOutlined aria-hidden />
      {!compact && (
        <Typography
          component="span"
          variant="h6"
          sx={{ fontSize: '1.125rem', fontWeight: 700, whiteSpace: 'nowrap' }}
        >
          Gestión deportiva
        </Typography>
      )}
    </Box>
  );
}

function Section({
  section,
  divided,
  ...behaviour
}: ItemBehaviour & { section: SidebarSection; divided: boolean }) {
  const headingId = useId();
  const showHeading = section.heading !== null && !behaviour.compact;
  return (
    <>
      {divided && <Divider sx={{ mx: 1.5, my: 0.5 }} />}
      {/* The heading sits beside its list, not in it: a <ul> may hold only <li> children. */}
      {showHeading && (
        <ListSubheader
          id={headingId}
          component="div"
          disableSticky
          // The list's own padding (1) plus the subheader's gutter (2), as when it was inside.
          sx={{ lineHeight: 2, mt: 0.5, px: 3 }}
        >
          {section.heading}
        </ListSubheader>
      )}
      <List
        dense
        disablePadding
        // Compact mode hides the heading text but the list keeps its name for screen readers.
        aria-labelledby={showHeading ? headingId : undefined}
        aria-label={!showHeading && section.heading ? section.heading : undefined}
        sx={{ px: 1 }}
      >
        {section.items.map((item) => (
          <SidebarItemLink key={item.route} item={item} {...behaviour} />
        ))}
      </List>
    </>
  );
}
