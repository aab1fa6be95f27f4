import CheckOutlined from '@mui/icons-material/CheckOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import type { PlanInfo } from '../../../contract/plans.defaults';

export interface PlanCardProps {
  plan: PlanInfo;
  /** The heading level of the plan's name (h3 on the landing page, h2 on /pricing). */
  headingLevel?: 'h2' | 'h3';
  /** Marks the card (the club's current plan, the recommended one). */
  badge?: string;
  /** The card's call to action. */
  action?: ReactNode;
}

/** One plan: name, price, sentence, what it includes and a call to action. */
export function PlanCard({ plan, headingLevel = 'h3', badge, action }: PlanCardProps) {
  const headingId = useId();
  const highlighted = plan.id === 'pro';
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      variant="outlined"
      sx={{
        p: 3,
        display: 'flex',
        flexDirection: 'column',
        gap: 1.5,
        height: '100%',
        borderColor: highlighted ? 'primary.main' : 'divider',
        borderWidth: highlighted ? 2 : 1,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography id={headingId} component={headingLevel} variant="h5" sx={{ fontWeight: 700 }}>
          {plan.name}
        </Typography>
        {badge && <Chip label={badge} size="small" color="primary" />}
      </Box>
      <Typography component="p" variant="h4" sx={{ fontWeight: 700 }}>
        {plan.price}
      </Typography>
      <Typography color="text.secondary">{plan.description}</Typography>
      <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', flexGrow: 1 }}>
        {plan.features.map((feature) => (
          <Box
            component="li"
            key={feature}
            sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', py: 0.5 }}
          >
            <CheckOutlined fontSize="small" color="success" aria-hidden sx={{ mt: '2px' }} />
            <Typography variant="body2">{feature}</Typography>
          </Box>
        ))}
      </Box>
      {action}
    </Paper>
  );
}
