import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';

const rows = [
  { y: 112, name: 78, paid: true },
  { y: 160, name: 96, paid: true },
  { y: 208, name: 64, paid: false },
];

/**
 * The hero's picture: a phone showing a category's players with their payment status and
 * the next training, drawn inline in the theme's colours (no image file to download).
 */
export function TeamIllustration() {
  const { palette } = useTheme();
  const green = palette.primary.main;
  const navy = palette.secondary.main;
  return (
    <Box
      component="svg"
      viewBox="0 0 320 340"
      aria-hidden
      focusable="false"
      sx={{ width: '100%', maxWidth: { xs: 300, md: 380 }, mx: 'auto', display: 'block' }}
    >
      <circle cx="250" cy="70" r="56" fill={green} opacity="0.12" />
      <circle cx="60" cy="290" r="40" fill={navy} opacity="0.08" />
      <rect x="70" y="20" width="180" height="310" rx="24" fill={navy} />
      <rect x="80" y="34" width="160" height="282" rx="16" fill="#fff" />
      <rect x="80" y="34" width="160" height="52" rx="16" fill={green} />
      <rect x="80" y="70" width="160" height="16" fill={green} />
      <rect x="94" y="50" width="70" height="10" rx="5" fill="#fff" />
      <rect x="94" y="66" width="44" height="7" rx="3.5" fill="#fff" opacity="0.7" />
      {rows.map((row) => (
        <g key={row.y}>
          <circle cx="106" cy={row.y} r="12" fill={navy} opacity="0.15" />
          <rect x="124" y={row.y - 8} width={row.name} height="7" rx="3.5" fill={navy} />
          <rect x="124" y={row.y + 3} width="50" height="6" rx="3" fill={navy} opacity="0.3" />
          <rect
            x="196"
            y={row.y - 8}
            width="34"
            height="16"
            rx="8"
            fill={row.paid ? green : palette.warning.main}
            opacity={row.paid ? 1 : 0.9}
          />
        </g>
      ))}
      <rect x="92" y="240" width="136" height="60" rx="10" fill={green} opacity="0.1" />
      <rect x="104" y="254" width="60" height="7" rx="3.5" fill={green} />
      <rect x="104" y="268" width="100" height="6" rx="3" fill={navy} opacity="0.45" />
      <rect x="104" y="281" width="80" height="6" rx="3" fill={navy} opacity="0.3" />
      <circle cx="262" cy="262" r="30" fill="#fff" stroke={navy} strokeWidth="4" />
      <path d="M262 246l14 10-5 16h-18l-5-16z" fill={navy} />
      <path
        d="M262 232v14M276 256l12-6M271 272l8 12M253 272l-8 12M248 256l-12-6"
        stroke={navy}
        strokeWidth="3"
      />
    </Box>
  );
}
