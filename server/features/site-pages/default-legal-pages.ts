/*
 * The default texts of the fixed legal pages (issue #17), served until the super admin
 * saves their own in 'Gestión Web y Blog'. Markdown, rendered by server/lib/markdown.ts.
 * The privacy policy follows Colombia's Ley 1581 de 2012 and Decreto 1377 de 2013
 * (compiled in Decreto 1074 de 2015).
 */

export const defaultTermsPage = {
  title: 'Términos y condiciones',
  body: `Estos términos regulan el uso de **Gestión deportiva**, la plataforma para administrar clubes y escuelas deportivas (jugadores, categorías, entrenadores, calendario, asistencia, cobros y pagos). Al crear una cuenta o usar la plataforma aceptas estos términos.

## 1. Cuentas

- Cada persona usa su propia cuenta y es responsable de guardar su contraseña.
- Los datos que registras deben ser verdaderos y estar actualizados.
- Puedes cerrar tu cuenta cuando quieras desde **Mi Cuenta**.

## 2. Clubes y roles

- Quien crea un club es su **propietario** y decide quién más lo administra (administradores, entrenadores, contadores) y qué puede ver cada rol.
- El club es responsable de la información que registra de sus jugadores, acudientes y entrenadores, y de contar con las autorizaciones necesarias para hacerlo.
- Los padres, madres y acudientes ven solo la información de los jugadores a su cargo.

## 3. Uso permitido

No está permitido:

- usar la plataforma para fines ilegales o para enviar mensajes no solicitados;
- intentar acceder a información de otros clubes o personas;
- interferir con el funcionamiento del servicio o probar su seguridad sin autorización escrita.

## 4. Planes y pagos

- El plan **Gratis** tiene límites de jugadores y funciones; el plan **Pro** los amplía. Los precios vigentes están en la página de Precios.
- Los cobros que un club genera a sus jugadores (mensualidades, uniformes, torneos) son una relación entre el club y sus familias. Gestión deportiva ayuda a registrarlos y a recordarlos, pero no recibe ni custodia ese dinero.

## 5. Disponibilidad

Trabajamos para que la plataforma esté disponible siempre, pero puede haber interrupciones por mantenimiento o causas ajenas a nosotros. Hacemos copias de seguridad de la información, y recomendamos a cada club descargar sus reportes periódicamente.

## 6. Propiedad de la información

La información que registra un club es del club. Puedes descargar tus datos personales desde **Mi Cuenta**, y el propietario de un club puede exportar los listados y reportes de su club.

## 7. Suspensión

Podemos suspender una cuenta o un club que incumpla estos términos, informando el motivo. Si crees que se trata de un error, escríbenos desde la página de Contacto.

## 8. Responsabilidad

La plataforma se ofrece tal como está. No respondemos por decisiones que un club tome con base en la información registrada, ni por datos incorrectos que un usuario haya ingresado.

## 9. Cambios

Podemos actualizar estos términos. Publicaremos la versión vigente en esta página con su fecha de actualización y avisaremos dentro de la plataforma cuando el cambio sea importante.

## 10. Ley aplicable

Estos términos se rigen por las leyes de la República de Colombia.`,
};

export const defaultPrivacyPage = {
  title: 'Política de privacidad y tratamiento de datos personales',
  body: `Esta política explica cómo **Gestión deportiva** trata los datos personales, en cumplimiento de la **Ley 1581 de 2012**, el **Decreto 1377 de 2013** (hoy compilado en el Decreto 1074 de 2015) y demás normas colombianas sobre protección de datos personales.

## 1. Responsable y encargado del tratamiento

- **Gestión deportiva** es el **Responsable** de los datos de las personas que crean una cuenta en la plataforma (nombre, correo, contraseña cifrada, teléfono y preferencias).
- Cada **club** es el **Responsable** de los datos de sus jugadores, acudientes y entrenadores que registra; para esos datos, Gestión deportiva actúa como **Encargado** del tratamiento y solo los trata por cuenta del club y según sus instrucciones.

Puedes comunicarte con nosotros a través del formulario de la página **Contacto** de este sitio.

## 2. Datos que tratamos

- Datos de identificación y contacto: nombre, apellidos, tipo y número de documento, correo electrónico, teléfono.
- Datos deportivos: categoría, posición, número de camiseta, asistencia a entrenamientos y partidos.
- Datos de pagos: cobros, pagos registrados y comprobantes que el club o la familia suben.
- Datos técnicos: fechas de ingreso, dirección IP y registros de seguridad.

No pedimos datos sensibles. Si un club registra alguno (por ejemplo, información de salud de un jugador), debe contar con la autorización expresa del titular, que no está obligado a darla.

## 3. Finalidades

Tratamos los datos para:

1. crear y administrar las cuentas y permitir el ingreso seguro;
2. permitir que cada club gestione sus jugadores, categorías, entrenamientos, asistencia, cobros y pagos;
3. enviar notificaciones y correos sobre la operación del club (convocatorias, recordatorios de pago, cambios de horario);
4. atender solicitudes, consultas y reclamos;
5. mantener la seguridad de la plataforma y prevenir fraudes;
6. elaborar estadísticas agregadas que no identifican a nadie.

No vendemos ni cedemos los datos a terceros. Solo los compartimos con proveedores que nos ayudan a prestar el servicio (alojamiento, envío de correos), bajo obligaciones de confidencialidad y seguridad.

## 4. Datos de niños, niñas y adolescentes

Muchos jugadores son menores de edad. Sus datos se tratan respetando su **interés superior** y sus derechos fundamentales, y solo con la **autorización de su padre, madre o representante legal**, que el club debe obtener antes de registrarlos. El menor será escuchado según su madurez y autonomía. Los acudientes pueden consultar, actualizar o pedir la supresión de los datos de los menores a su cargo.

## 5. Derechos del titular

Como titular de los datos tienes derecho a:

- **conocer** los datos que tenemos sobre ti y cómo los usamos;
- **actualizar** y **rectificar** tus datos cuando estén incompletos, sean inexactos o induzcan a error;
- solicitar prueba de la **autorización** que diste;
- **suprimir** tus datos cuando no exista un deber legal o contractual de conservarlos;
- **revocar** la autorización para el tratamiento;
- acceder gratuitamente a tus datos;
- presentar quejas ante la **Superintendencia de Industria y Comercio** después de agotar el trámite de consulta o reclamo ante nosotros.

## 6. Cómo ejercer tus derechos

- Desde **Mi Cuenta** puedes ver y actualizar tus datos, descargar una copia y eliminar tu cuenta.
- Para cualquier otra solicitud, escríbenos desde la página **Contacto** indicando tu nombre, documento, la solicitud y un medio para responderte. Si la solicitud es sobre los datos que registró un club, también puedes dirigirte directamente al club.

**Consultas**: las respondemos en máximo **diez (10) días hábiles** desde su recibo; si no es posible, te explicaremos el motivo y responderemos en máximo cinco (5) días hábiles más.

**Reclamos** (corrección, actualización, supresión o incumplimiento): los respondemos en máximo **quince (15) días hábiles**; si no es posible, te explicaremos el motivo y responderemos en máximo ocho (8) días hábiles más. Si el reclamo está incompleto, te pediremos completarlo dentro de los cinco (5) días siguientes.

## 7. Conservación y seguridad

Conservamos los datos mientras la cuenta o la relación con el club esté activa y durante el tiempo que exijan las normas contables y legales (por ejemplo, los registros de pagos). Usamos contraseñas cifradas, conexiones seguras, permisos por rol y copias de seguridad para proteger la información.

## 8. Vigencia y cambios

Esta política rige desde su publicación. Cualquier cambio importante se publicará en esta página y se avisará dentro de la plataforma antes de aplicarse.`,
};
