import Close from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState, type ReactNode } from 'react';
import { NotificationsContext } from '../../app/notifications-context';
import * as sel from '../../machines/notifications.selectors';
import type { NotificationItem } from '../../../contract/notifications.schema';
import { NotificationCentreItem } from './notification-centre-item';
import { confirmEvents } from '../use-machine-flow';
import { NotificationDeleteConfirm, useNotificationDelete } from './notification-delete';
import { NotificationStatsTiles } from './notification-stats';

const TABS: Array<{ value: sel.NotificationTab; label: string }> = [
  { value: 'all', label: 'Todas' },
  { value: 'unread', label: 'Sin leer' },
  { value: 'read', label: 'Leídas' },
];

export interface NotificationCentreProps {
  /**
   * A slot in the header, before 'Marcar todas', for an action of the page around the
   * centre (the owner's 'Enviar anuncio').
   */
  headerAction?: ReactNode;
}

/**
 * 'Centro de Notificaciones' (SPEC §2): tiles, tabs with the server's counts (each a filter
 * of the loaded list), the items with their actions, 'Cargar más' while the server holds
 * more than the list, and 'Marcar todas'. Full screen below 600 px.
 */
export function NotificationCentre({ headerAction }: NotificationCentreProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const notifications = NotificationsContext.useActorRef();
  const open = NotificationsContext.useSelector(sel.selectCentreOpen);
  const loading = NotificationsContext.useSelector(sel.selectCentreLoading);
  const failed = NotificationsContext.useSelector(sel.selectCentreFailed);
  const list = NotificationsContext.useSelector(sel.selectCentreList);
  const stats = NotificationsContext.useSelector(sel.selectStats);
  const busy = NotificationsContext.useSelector(sel.selectIsChanging);
  const canMarkAll = NotificationsContext.useSelector(sel.selectCanMarkAll);
  const canLoadMore = NotificationsContext.useSelector(sel.selectCanLoadMore);
  const loadingMore = NotificationsContext.useSelector(sel.selectLoadingMore);
  const [tab, setTab] = useState<sel.NotificationTab>('all');
  const remover = useNotificationDelete();
  const titleId = useId();
  const counts = sel.tabCounts(stats);
  const items = sel.itemsOfTab(list, tab);

  const close = () => notifications.send({ type: 'notifications.centreClose' });
  const openItem = (item: NotificationItem) => {
    // Its screen replaces the centre.
    if (item.data.action_url) close();
    notifications.send({ type: 'notifications.open', id: item.id });
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="md"
      aria-labelledby={titleId}
    >
      <DialogTitle
        component="div"
        sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', pr: 1 }}
      >
        <Typography id={titleId} component="h2" variant="h6" sx={{ flexGrow: 1 }}>
          Centro de Notificaciones
        </Typography>
        {headerAction}
        <Button
          size="small"
          disabled={!canMarkAll}
          onClick={() => notifications.send({ type: 'notifications.markAll' })}
        >
          Marcar todas
        </Button>
        <IconButton aria-label="Cerrar" onClick={close}>
          <Close />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers sx={{ px: { xs: 1.5, sm: 3 } }}>
        {loading && (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress aria-label="Cargando notificaciones" />
          </Box>
        )}
        {failed && (
          <Alert
            severity="error"
            action={
              <Button
                color="inherit"
                size="small"
                onClick={() => notifications.send({ type: 'notifications.centreRetry' })}
              >
                Reintentar
              </Button>
            }
          >
            Error al cargar notificaciones
          </Alert>
        )}
        {!loading && !failed && (
          <>
            {stats && <NotificationStatsTiles stats={stats} />}
            <Tabs
              value={tab}
              onChange={(_, value: sel.NotificationTab) => setTab(value)}
              variant="fullWidth"
              aria-label="Filtrar notificaciones"
              sx={{ mt: 2, borderBottom: 1, borderColor: 'divider' }}
            >
              {TABS.map(({ value, label }) => (
                <Tab key={value} value={value} label={`${label} (${counts[value]})`} />
              ))}
            </Tabs>
            {items.length === 0 && !canLoadMore && !loadingMore ? (
              <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
                No hay notificaciones
              </Typography>
            ) : (
              <List aria-label="Notificaciones">
                {items.map((item) => (
                  <NotificationCentreItem
                    key={item.id}
                    item={item}
                    busy={busy}
                    onOpen={() => openItem(item)}
                    onRead={() => notifications.send({ type: 'notifications.read', id: item.id })}
                    onArchive={() =>
                      notifications.send({ type: 'notifications.archive', id: item.id })
                    }
                    onDelete={() =>
                      confirmEvents(remover).request({ id: item.id, title: item.title })
                    }
                  />
                ))}
              </List>
            )}
            {(canLoadMore || loadingMore) && (
              <Box sx={{ display: 'flex', justifyContent: 'center', pb: 1 }}>
                <Button
                  variant="outlined"
                  loading={loadingMore}
                  onClick={() => notifications.send({ type: 'notifications.centreMore' })}
                >
                  Cargar más
                </Button>
              </Box>
            )}
          </>
        )}
      </DialogContent>
      <NotificationDeleteConfirm remover={remover} />
    </Dialog>
  );
}
