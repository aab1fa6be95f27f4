/** The default text of /about, served until the super admin saves their own. */
export const defaultAboutPage = {
  title: 'Acerca de Gestión deportiva',
  body: `**Gestión deportiva** nació en canchas de barrio y escuelas de formación, donde los entrenadores llevan listas en cuadernos, cobran las mensualidades por WhatsApp y arman las convocatorias de memoria.

Queremos que quienes dirigen un club dediquen su tiempo a formar deportistas y no a pelear con hojas de cálculo.

## Qué hacemos

- **Jugadores y categorías**: fichas completas con acudientes, documentos y fotos.
- **Calendario y asistencia**: entrenamientos y partidos, convocatorias y lista de asistencia que funciona sin conexión.
- **Cobros y pagos**: mensualidades generadas automáticamente, descuentos, recordatorios y recibos.
- **Roles y permisos**: cada persona ve lo que le corresponde, desde el propietario del club hasta los padres de familia.

## Cómo trabajamos

- Hecho en Colombia, en español, pensado para celulares.
- Tus datos son tuyos: puedes exportarlos cuando quieras.
- Escuchamos a los clubes: muchas funciones salieron de sugerencias de entrenadores y tesoreros.

¿Tienes una idea o una pregunta? Escríbenos desde la página de Contacto.`,
};
