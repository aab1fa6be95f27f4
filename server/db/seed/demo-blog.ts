import type { Tx } from '../../features/people/people.service';
import type { Db } from '../client';
import { blogPosts } from '../schema/platform';

/*
 * The demo's blog (issue #17): three published posts, a few days apart, and one draft,
 * written by the super admin, so /blog, /blog/{slug} and 'Gestión Web y Blog' show
 * something real. Idempotent: a slug already there is left as it is.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

const posts = [
  {
    slug: 'cinco-claves-para-cobrar-la-mensualidad-a-tiempo',
    title: 'Cinco claves para cobrar la mensualidad a tiempo',
    excerpt:
      'Fechas claras, recordatorios automáticos y recibos al instante: así reducen la cartera los clubes que usan Gestión deportiva.',
    daysAgo: 21,
    body: `Cobrar la mensualidad es la tarea que más tiempo les quita a los clubes de formación. Estas son las prácticas que mejor funcionan:

1. **Una fecha fija de pago** para todo el club, comunicada desde la inscripción.
2. **Recordatorios automáticos** unos días antes del vencimiento, por notificación y correo.
3. **Varios medios de pago**: efectivo, transferencia, Nequi o Daviplata.
4. **Recibo inmediato** cada vez que se registra un pago.
5. **Descuentos claros** para hermanos o becados, asignados una sola vez.

> Los clubes que activan los recordatorios reducen a la mitad los pagos vencidos en tres meses.

En **Cobros** configuras la mensualidad y en **Configuración** los días de recordatorio.`,
  },
  {
    slug: 'asistencia-sin-conexion-en-la-cancha',
    title: 'Asistencia sin conexión en la cancha',
    excerpt:
      'La lista de asistencia ahora funciona aunque no haya señal: se guarda en el teléfono y se envía sola al volver la conexión.',
    daysAgo: 9,
    body: `Muchas canchas no tienen buena señal. Por eso la **lista de asistencia** funciona sin conexión:

- Abre el entrenamiento antes de salir y pulsa **Asistencia**.
- Marca a cada jugador como *presente*, *ausente*, *tarde* o *excusado*.
- Pulsa **Guardar**: verás *Pendiente de sincronizar*.

Cuando el teléfono recupere la señal, la lista se envía sola y el estado cambia a *Sincronizado*. Más detalles en el Centro de ayuda.`,
  },
  {
    slug: 'bienvenidos-al-blog-de-gestion-deportiva',
    title: 'Bienvenidos al blog de Gestión deportiva',
    excerpt:
      'Un espacio con guías, novedades de la plataforma e historias de clubes que se organizan mejor.',
    daysAgo: 2,
    body: `Abrimos este blog para compartir lo que aprendemos con los clubes y escuelas que usan la plataforma.

## Qué encontrarás

- **Guías prácticas** para sacar provecho de cada módulo.
- **Novedades** de la plataforma.
- **Historias** de entrenadores, tesoreros y familias.

¿Quieres que escribamos sobre algún tema? Escríbenos desde la página de Contacto.`,
  },
] as const;

const draft = {
  slug: 'proximamente-torneos-y-resultados',
  title: 'Próximamente: torneos y resultados',
  excerpt: 'Un adelanto de lo que viene para organizar torneos internos.',
  body: 'Borrador: tablas de posiciones, fixture y resultados por categoría.',
};

/** Adds the demo's posts, dated from `now` back; the ones already there stay. */
export async function seedDemoBlog(
  tx: Tx | Db,
  { authorId, now }: { authorId: number; now: Date },
): Promise<void> {
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY_MS);
  await tx
    .insert(blogPosts)
    .values([
      ...posts.map((post) => ({
        slug: post.slug,
        title: post.title,
        excerpt: post.excerpt,
        bodyMarkdown: post.body,
        status: 'published' as const,
        publishedAt: at(post.daysAgo),
        authorUserId: authorId,
        createdAt: at(post.daysAgo + 1),
        updatedAt: at(post.daysAgo),
      })),
      {
        slug: draft.slug,
        title: draft.title,
        excerpt: draft.excerpt,
        bodyMarkdown: draft.body,
        status: 'draft' as const,
        authorUserId: authorId,
        createdAt: at(1),
        updatedAt: at(1),
      },
    ])
    .onConflictDoNothing({ target: blogPosts.slug });
}
