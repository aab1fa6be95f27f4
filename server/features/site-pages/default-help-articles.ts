/**
 * The help centre's included articles (issue #17), in their order. Each is served until
 * the super admin saves their own text under the same slug; they can be edited, not
 * deleted. Markdown, rendered by server/lib/markdown.ts.
 */
export const defaultHelpArticles = [
  {
    slug: 'primeros-pasos',
    title: 'Primeros pasos',
    body: `Bienvenido a Gestión deportiva. Así dejas tu club listo en pocos minutos:

1. **Crea tu cuenta** con tu correo y una contraseña segura.
2. **Registra tu club**: al entrar por primera vez, el asistente te pide el nombre, la ciudad, el deporte y el logo. Puedes cambiarlos después en **Club / Equipo**.
3. **Crea las categorías** (por ejemplo Sub-10, Sub-12, Sub-17).
4. **Registra a tus jugadores** uno por uno o importándolos desde una hoja de cálculo.
5. **Configura los cobros** (mensualidad, uniforme) y los **métodos de pago** que aceptas.
6. **Invita a tu equipo**: entrenadores, contador y familias, cada uno con su rol.

En el **Dashboard** verás siempre el resumen del club: jugadores activos, próximos entrenamientos y pagos pendientes.`,
  },
  {
    slug: 'crear-categorias',
    title: 'Crear categorías',
    body: `Las categorías agrupan a los jugadores por edad o nivel y organizan el calendario, la asistencia y los cobros.

1. Entra a **Categorías** en el menú.
2. Pulsa **Nueva categoría** y escribe el nombre (por ejemplo *Sub-12*), el rango de años de nacimiento y, si quieres, una descripción.
3. Asigna uno o varios **entrenadores** responsables: ellos verán a los jugadores y el calendario de esa categoría.
4. Guarda. Puedes desactivar una categoría que ya no uses sin perder su historia.

**Consejo:** usa nombres cortos y claros; aparecen en los filtros, en el calendario y en los mensajes a las familias.`,
  },
  {
    slug: 'registrar-jugadores',
    title: 'Registrar jugadores',
    body: `1. Entra a **Jugadores** y pulsa **Nuevo jugador**.
2. Escribe el documento: si la persona ya existe en la plataforma, te lo diremos para no duplicarla.
3. Completa nombre, fecha de nacimiento, categoría, posición y número de camiseta.
4. Agrega a los **acudientes** (padre, madre o responsable) con su correo o teléfono: podrán ver la información del jugador y sus pagos.
5. Guarda. Puedes subir una foto desde la ficha del jugador.

**¿Muchos jugadores?** Usa **Importar** en la lista de jugadores: descarga la plantilla, complétala en Excel y súbela. Verás una vista previa con los errores de cada fila antes de confirmar.

Recuerda que para registrar datos de menores de edad necesitas la autorización de su padre, madre o representante legal (ver la Política de privacidad).`,
  },
  {
    slug: 'generar-cobros',
    title: 'Generar cobros',
    body: `Los **cobros** son los conceptos que el club cobra: mensualidad, inscripción, uniforme, torneo.

1. Entra a **Cobros** y pulsa **Nuevo cobro**.
2. Escribe el nombre, el valor en pesos y la frecuencia (única, mensual…).
3. Elige a quién aplica: todo el club, una o varias categorías o jugadores específicos.
4. Si el cobro es mensual, la plataforma genera cada mes el pago pendiente de cada jugador en el día que configures.

Los **descuentos** (por ejemplo *Plan Hermanos* o una *Beca*) se crean en **Descuentos** y se asignan a los jugadores; se aplican solos a los pagos nuevos.

En **Configuración** defines los meses en que se cobra y cuántos días antes se envían los recordatorios.`,
  },
  {
    slug: 'registrar-pagos',
    title: 'Registrar pagos',
    body: `En **Pagos** ves todos los pagos del club con su estado: pendiente, pagado, vencido o anulado.

- Para registrar un pago recibido, abre el pago y pulsa **Registrar pago**: elige el método (efectivo, transferencia, Nequi…), la fecha y, si quieres, adjunta el comprobante.
- Las familias también pueden subir el comprobante desde su cuenta; tú lo revisas y lo apruebas o rechazas.
- Cada pago registrado genera un **recibo** que puedes descargar o compartir.
- Un pago nunca se borra: si hubo un error, se **anula** indicando el motivo, y queda en el historial.

Usa los filtros por categoría, estado y mes, y exporta la lista a CSV para tu contabilidad.`,
  },
  {
    slug: 'invitar-familias',
    title: 'Invitar a familias y al equipo',
    body: `Cada persona entra con su propia cuenta y ve solo lo que le corresponde.

1. Entra a **Asignación de Roles a Usuarios** y pulsa **Invitar**.
2. Escribe el correo de la persona y elige su rol: administrador, entrenador, contador, jugador o padre/acudiente.
3. La persona recibe un correo con un enlace para crear su contraseña y unirse al club.

Los **padres y acudientes** ven a los jugadores a su cargo, su calendario, sus convocatorias y sus pagos, y pueden subir comprobantes. Los **entrenadores** ven sus categorías, el calendario y la asistencia.

Puedes cambiar los roles de una persona o retirarla del club cuando quieras. Los permisos de cada rol se ajustan en **Gestión de Roles**.`,
  },
  {
    slug: 'calendario-y-asistencia',
    title: 'Calendario y asistencia',
    body: `En **Calendario** programas entrenamientos, partidos y reuniones.

- Crea un evento único o una **serie** semanal (por ejemplo, martes y jueves a las 4:00 p. m.). Puedes cancelar una sola fecha con su motivo sin tocar las demás.
- En un partido, usa **Convocar** para elegir a los jugadores; ellos o sus acudientes responden *Voy*, *No voy* o *Tal vez*.
- Las familias pueden suscribirse al calendario desde su celular con **Mi calendario**.

**Tomar asistencia:** abre el entrenamiento y pulsa **Asistencia**. Marca a cada jugador como presente, ausente, tarde o excusado y guarda. La lista funciona **sin conexión**: si estás en la cancha sin señal, se guarda en el teléfono y se envía sola cuando vuelva la conexión.`,
  },
] as const;
