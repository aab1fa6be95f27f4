import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import EmojiEventsOutlined from '@mui/icons-material/EmojiEventsOutlined';
import EventOutlined from '@mui/icons-material/EventOutlined';
import FitnessCenterOutlined from '@mui/icons-material/FitnessCenterOutlined';
import HowToRegOutlined from '@mui/icons-material/HowToRegOutlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { ComponentType } from 'react';
import {
  notificationTypeLabels,
  type NotificationPriority,
  type NotificationType,
} from '../../../contract/notifications.schema';

const icons: Record<NotificationType, ComponentType<SvgIconProps>> = {
  event_reminder: EventOutlined,
  attendance_alert: HowToRegOutlined,
  payment_due: PaymentsOutlined,
  system_alert: ReportProblemOutlined,
  club_announcement: CampaignOutlined,
  training_update: FitnessCenterOutlined,
  match_result: EmojiEventsOutlined,
};

/** The theme colour of a priority (badge and icon). */
export const priorityColor = (priority: NotificationPriority) =>
  (({ urgent: 'error', high: 'warning', medium: 'info', low: 'default' }) as const)[priority];

/** The icon of a notification's type, named by the type's Spanish label. */
export function NotificationTypeIcon({ type }: { type: NotificationType }) {
  const Icon = icons[type];
  return <Icon titleAccess={notificationTypeLabels[type]} color="action" />;
}
