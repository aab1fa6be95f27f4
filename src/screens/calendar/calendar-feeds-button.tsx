import EventRepeat from '@mui/icons-material/EventRepeat';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { useTheme } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useSaveFlow } from '../../components/use-machine-flow';
import { CALENDAR_FEED_CREATE_OPTIONS } from '../../machines/calendar-feeds.actors';
import { type CalendarOption, CalendarFeedsDialog } from './calendar-feeds-dialog';
import { useCalendarFeedCreateLogic } from './calendar-feeds.logic';

const LABEL = 'Suscribirse al calendario';

/**
 * 'Suscribirse al calendario' in the calendar's header (an icon on a phone), with its
 * dialog: the person's secret ICS links to make, copy, open and revoke.
 */
export function CalendarFeedsButton({
  clubId,
  categories,
}: {
  clubId: number;
  /** The categories the person sees (the calendar filter's). */
  categories: readonly CalendarOption[];
}) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const creator = useSaveFlow(useCalendarFeedCreateLogic(clubId), CALENDAR_FEED_CREATE_OPTIONS);
  const open = () => creator.open(null);
  return (
    <>
      {phone ? (
        <Tooltip title={LABEL}>
          <IconButton aria-label={LABEL} onClick={open} sx={{ ml: 'auto' }}>
            <EventRepeat />
          </IconButton>
        </Tooltip>
      ) : (
        <Button variant="outlined" startIcon={<EventRepeat />} onClick={open} sx={{ ml: 'auto' }}>
          {LABEL}
        </Button>
      )}
      <CalendarFeedsDialog
        clubId={clubId}
        categories={categories}
        open={creator.isOpen}
        created={creator.saved}
        busy={creator.busy}
        failure={creator.failure}
        onClose={creator.close}
        onCreate={creator.submit}
      />
    </>
  );
}
