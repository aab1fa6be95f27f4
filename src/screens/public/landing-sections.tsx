import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { DEFAULT_PLANS } from '../../../contract/plans.defaults';
import { faqs, features, steps } from './landing-content';
import { PlanCard } from './plan-card';

/** A band of the landing page with its h2. */
export function LandingSection({
  title,
  intro,
  children,
  tinted = false,
}: {
  title: string;
  intro?: string;
  children: ReactNode;
  tinted?: boolean;
}) {
  const headingId = useId();
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      sx={{ bgcolor: tinted ? 'grey.50' : undefined, px: 2, py: { xs: 6, md: 8 } }}
    >
      <Box sx={{ maxWidth: 1120, mx: 'auto' }}>
        <Typography id={headingId} component="h2" variant="h4" sx={{ fontWeight: 700, mb: 1 }}>
          {title}
        </Typography>
        {intro && (
          <Typography color="text.secondary" sx={{ mb: 4, maxWidth: 640 }}>
            {intro}
          </Typography>
        )}
        {children}
      </Box>
    </Box>
  );
}

const grid = (columns: { sm?: number; md: number }) => ({
  display: 'grid',
  gap: 2,
  gridTemplateColumns: {
    xs: '1fr',
    sm: `repeat(${columns.sm ?? 2}, minmax(0, 1fr))`,
    md: `repeat(${columns.md}, minmax(0, 1fr))`,
  },
});

/** What the product does, one card per area. */
export function FeatureGrid() {
  return (
    <Box component="ul" sx={{ ...grid({ md: 3 }), m: 0, p: 0, listStyle: 'none' }}>
      {features.map(({ icon: Icon, title, text }) => (
        <Paper component="li" key={title} variant="outlined" sx={{ p: 3 }}>
          <Box
            sx={{
              display: 'inline-flex',
              p: 1,
              mb: 1.5,
              borderRadius: 2,
              bgcolor: 'primary.main',
              color: 'primary.contrastText',
            }}
          >
            <Icon aria-hidden />
          </Box>
          <Typography component="h3" variant="h6" sx={{ fontWeight: 700, mb: 0.5 }}>
            {title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {text}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}

/** How it works, in three numbered steps. */
export function StepList() {
  return (
    <Box component="ol" sx={{ ...grid({ sm: 3, md: 3 }), m: 0, p: 0, listStyle: 'none' }}>
      {steps.map(({ title, text }, index) => (
        <Box component="li" key={title} sx={{ display: 'flex', gap: 2 }}>
          <Box
            aria-hidden
            sx={{
              flexShrink: 0,
              width: 40,
              height: 40,
              borderRadius: '50%',
              display: 'grid',
              placeItems: 'center',
              bgcolor: 'primary.main',
              color: 'primary.contrastText',
              fontWeight: 700,
            }}
          >
            {index + 1}
          </Box>
          <div>
            <Typography component="h3" variant="h6" sx={{ fontWeight: 700 }}>
              <Box component="span" sx={visuallyHiddenStyle}>{`Paso ${index + 1}: `}</Box>
              {title}
            </Typography>
            <Typography color="text.secondary">{text}</Typography>
          </div>
        </Box>
      ))}
    </Box>
  );
}

/**
 * Read by screen readers, drawn nowhere. Sizes in '1px' strings: in `sx` a bare 1 is 100%,
 * which made a page-wide span that scrolled the landing sideways (2,302 px wide at 1366;
 * issue #34 item 6).
 */
const visuallyHiddenStyle = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** The plans as the product ships them; /pricing shows the ones the platform stores. */
export function PlanSummary() {
  return (
    <>
      <Box sx={{ ...grid({ md: 2 }), maxWidth: 880 }}>
        {DEFAULT_PLANS.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            action={
              plan.available ? (
                <Button component={RouterLink} to="/register" variant="contained" fullWidth>
                  Crear mi club gratis
                </Button>
              ) : (
                <Button component={RouterLink} to="/pricing" variant="outlined" fullWidth>
                  Próximamente: ver detalles
                </Button>
              )
            }
          />
        ))}
      </Box>
      <Button component={RouterLink} to="/pricing" sx={{ mt: 2 }}>
        Comparar planes
      </Button>
    </>
  );
}

/** Questions a club owner asks first; each answer opens in place (native disclosure). */
export function FaqList() {
  return (
    <Box sx={{ maxWidth: 760 }}>
      {faqs.map(({ question, answer }) => (
        <Box
          component="details"
          key={question}
          sx={{
            borderBottom: 1,
            borderColor: 'divider',
            py: 1.5,
            '& > summary': { cursor: 'pointer', fontWeight: 600, py: 0.5, minHeight: 32 },
          }}
        >
          <summary>{question}</summary>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {answer}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
