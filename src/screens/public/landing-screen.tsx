import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { usePageMeta } from '../../lib/use-page-meta';
import { LANDING_DESCRIPTION, LANDING_TITLE } from './landing-content';
import { FaqList, FeatureGrid, LandingSection, PlanSummary, StepList } from './landing-sections';
import { PublicLayout } from './public-layout';
import { TeamIllustration } from './team-illustration';

/**
 * /: the page that sells the product to a club owner (issue #17): the hero with its two
 * calls to action, what it does, how to start, the plans, questions and a last call.
 * Static text and MUI core only, so it draws fast on a phone.
 */
export function LandingScreen() {
  usePageMeta(LANDING_TITLE, LANDING_DESCRIPTION);
  return (
    <PublicLayout maxWidth={false}>
      <Box
        component="section"
        aria-labelledby="landing-title"
        sx={{
          px: 2,
          py: { xs: 6, md: 10 },
          background: (theme) =>
            `linear-gradient(180deg, ${theme.palette.primary.main}14 0%, transparent 100%)`,
        }}
      >
        <Box
          sx={{
            maxWidth: 1120,
            mx: 'auto',
            display: 'grid',
            gap: 4,
            alignItems: 'center',
            gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' },
          }}
        >
          <div>
            <Typography
              id="landing-title"
              variant="h1"
              sx={{ fontSize: { xs: '2.1rem', sm: '2.75rem', md: '3.25rem' }, fontWeight: 800 }}
            >
              Tu club deportivo, organizado en un solo lugar
            </Typography>
            <Typography
              color="text.secondary"
              sx={{ mt: 2, mb: 4, fontSize: { xs: '1.05rem', sm: '1.2rem' }, maxWidth: 600 }}
            >
              Jugadores, categorías, mensualidades, calendario y familias: deja las hojas de cálculo
              y los chats sueltos. Gestión deportiva hace el trabajo administrativo para que tú te
              dediques al deporte.
            </Typography>
            <CallsToAction />
          </div>
          <TeamIllustration />
        </Box>
      </Box>

      <LandingSection
        title="Todo lo que tu club necesita"
        intro="Cada área del club en una sola aplicación, pensada para usarse desde el celular."
      >
        <FeatureGrid />
      </LandingSection>

      <LandingSection title="Cómo funciona" intro="Empieza hoy en tres pasos." tinted>
        <StepList />
      </LandingSection>

      <LandingSection title="Planes" intro="Empieza gratis; el plan Pro llega pronto.">
        <PlanSummary />
      </LandingSection>

      <LandingSection title="Preguntas frecuentes" tinted>
        <FaqList />
      </LandingSection>

      <Box component="section" aria-labelledby="landing-final" sx={{ px: 2, py: { xs: 6, md: 8 } }}>
        <Box sx={{ maxWidth: 720, mx: 'auto', textAlign: 'center' }}>
          <Typography id="landing-final" component="h2" variant="h4" sx={{ fontWeight: 700 }}>
            Empieza a organizar tu club hoy
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
            Crear tu club es gratis y toma un par de minutos.
          </Typography>
          <CallsToAction centered />
        </Box>
      </Box>
    </PublicLayout>
  );
}

function CallsToAction({ centered = false }: { centered?: boolean }) {
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ justifyContent: centered ? 'center' : 'flex-start' }}
    >
      <Button variant="contained" size="large" component={RouterLink} to="/register">
        Crear mi club gratis
      </Button>
      <Button variant="outlined" size="large" component={RouterLink} to="/login">
        Iniciar sesión
      </Button>
    </Stack>
  );
}
