import { createTheme } from '@mui/material/styles';
import { feedbackCustomizations } from './customizations/feedback';
import { inputsCustomizations } from './customizations/inputs';
import { motionCustomizations } from './customizations/motion';
import { navigationCustomizations } from './customizations/navigation';
import { surfacesCustomizations } from './customizations/surfaces';
import { palette } from './palette';
import { shape } from './shape';
import { spanishTexts } from './spanish-texts';
import { typography } from './typography';

/**
 * The app's theme: primitives, one customisation file per component family, and the
 * Spanish texts of MUI's own components (pagination, "Cerrar", …: spanish-texts.ts). The
 * date pickers' texts live in src/theme/date-pickers.tsx, so MUI X stays out of the first
 * load.
 */
export const theme = createTheme(
  {
    palette,
    typography,
    shape,
    components: {
      ...inputsCustomizations,
      ...surfacesCustomizations,
      ...feedbackCustomizations,
      ...navigationCustomizations,
      ...motionCustomizations,
    },
  },
  // Merged over the customisations, as MUI's locales are (spanish-texts.ts: why not esES).
  { components: spanishTexts },
);
