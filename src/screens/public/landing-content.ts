import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import EventAvailableOutlined from '@mui/icons-material/EventAvailableOutlined';
import FamilyRestroomOutlined from '@mui/icons-material/FamilyRestroomOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import WhatsApp from '@mui/icons-material/WhatsApp';
import type SvgIcon from '@mui/material/SvgIcon';

/* The landing page's texts (issue #17): what the product does, how to start, the FAQ. */

export const LANDING_TITLE = 'Software para clubes deportivos';
export const LANDING_DESCRIPTION =
  'Gestión deportiva organiza tu club o escuela deportiva: jugadores y categorías, cobros con recibos, calendario y asistencia, familias y notificaciones. Empieza gratis.';

export interface Feature {
  icon: typeof SvgIcon;
  title: string;
  text: string;
}

export const features: readonly Feature[] = [
  {
    icon: GroupsOutlined,
    title: 'Jugadores y categorías',
    text: 'Fichas completas, categorías por año de nacimiento, entrenadores a cargo e importación desde Excel.',
  },
  {
    icon: ReceiptLongOutlined,
    title: 'Cobros y pagos con recibos',
    text: 'Mensualidades automáticas, descuentos, comprobantes que revisas en un clic y recibos en PDF para compartir.',
  },
  {
    icon: EventAvailableOutlined,
    title: 'Calendario y asistencia',
    text: 'Entrenamientos y partidos, convocatorias y la lista de asistencia desde el celular, incluso sin conexión.',
  },
  {
    icon: FamilyRestroomOutlined,
    title: 'Familias y notificaciones',
    text: 'Padres y jugadores reciben recordatorios de pago, cambios de horario y anuncios del club.',
  },
  {
    icon: AdminPanelSettingsOutlined,
    title: 'Roles y permisos',
    text: 'Propietario, entrenador, contador, jugador y acudiente: cada uno ve solo lo que le corresponde.',
  },
  {
    icon: WhatsApp,
    title: 'WhatsApp',
    text: 'Comparte recibos y convocatorias por WhatsApp y escríbenos cuando necesites ayuda.',
  },
];

export const steps: readonly { title: string; text: string }[] = [
  { title: 'Crea tu cuenta', text: 'Regístrate gratis con tu correo en menos de un minuto.' },
  {
    title: 'Configura tu club',
    text: 'Agrega categorías, entrenadores y jugadores, o impórtalos desde una hoja de cálculo.',
  },
  {
    title: 'Invita a tu equipo',
    text: 'Entrenadores, contador y familias entran con su propio usuario y sus permisos.',
  },
];

export const faqs: readonly { question: string; answer: string }[] = [
  {
    question: '¿Cuánto cuesta?',
    answer:
      'El plan Gratis no tiene costo y no pide tarjeta. El plan Pro llegará pronto; si lo solicitas te avisaremos con un descuento.',
  },
  {
    question: '¿Sirve para cualquier deporte?',
    answer:
      'Sí. Fútbol, baloncesto, voleibol, natación o patinaje: todo club con categorías, entrenadores y mensualidades.',
  },
  {
    question: '¿Las familias necesitan instalar algo?',
    answer:
      'No. Funciona en el navegador del celular o del computador; cada familia entra con su correo.',
  },
  {
    question: '¿Mis datos están protegidos?',
    answer:
      'Cada persona ve solo lo que su rol permite y tratamos los datos personales según la Ley 1581 de 2012. Lee nuestra política de privacidad.',
  },
  {
    question: '¿Puedo administrar varios clubes?',
    answer: 'Sí. Con una sola cuenta trabajas en varios clubes y cambias entre ellos en un clic.',
  },
];
