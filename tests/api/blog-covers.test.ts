import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import {
  COVER_MAX_BYTES,
  coverMessages,
  coverUploadResponseSchema,
} from '../../contract/blog-covers.schema';
import { blogPostResponseSchema } from '../../contract/blog-posts.schema';
import { platformMessages } from '../../contract/platform.schema';
import { createClub, superAdmin } from './support/clubs';
import { type TestContext, describeEachDatabase, registerUser } from './support/test-app';
import { brokenMultiparts, multipart, png } from './support/uploads';

const UPLOAD = '/api/admin/blog-posts/cover';

const upload = (
  ctx: TestContext,
  token: string | undefined,
  bytes: Buffer,
  { field = 'cover', filename = 'portada.png', type = 'image/png' } = {},
) =>
  ctx.request({ method: 'POST', url: UPLOAD, token, ...multipart(field, filename, type, bytes) });

describeEachDatabase(
  'Blog covers (POST /api/admin/blog-posts/cover, GET /api/files/covers/:name)',
  (ctx) => {
    let admin: { token: string };
    let owner: { token: string };

    beforeAll(async () => {
      admin = await superAdmin(ctx);
      owner = await registerUser(ctx);
      await createClub(ctx, owner.token, { name: 'Club de Portadas' });
    });

    async function uploaded(bytes: Buffer, options?: Parameters<typeof upload>[3]) {
      const response = await upload(ctx, admin.token, bytes, options);
      expect(response.statusCode, response.body).toBe(201);
      return coverUploadResponseSchema.parse(response.json()).data.url;
    }

    it('stores a large image as a WebP fitted inside 1600 × 900 and serves it to anyone', async () => {
      const url = await uploaded(await png(3200, 1200));
      expect(url).toMatch(/^\/api\/files\/covers\/[\w-]{22}\.webp$/);

      // No session: the public blog shows it.
      const served = await ctx.request({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect([meta.width, meta.height]).toEqual([1600, 600]);

      // The post keeps the address as its cover.
      const post = await ctx.request({
        method: 'POST',
        url: '/api/admin/blog-posts',
        token: admin.token,
        body: { title: 'Con portada subida', cover_image_url: url },
      });
      expect(post.statusCode, post.body).toBe(201);
      expect(blogPostResponseSchema.parse(post.json()).data.cover_image_url).toBe(url);
    });

    it('never enlarges a small image, drops its metadata and names each upload differently', async () => {
      const jpeg = await sharp({
        create: { width: 400, height: 300, channels: 3, background: { r: 10, g: 120, b: 60 } },
      })
        .jpeg()
        .withExif({ IFD0: { Copyright: 'Secreto del fotógrafo' } })
        .toBuffer();
      expect((await sharp(jpeg).metadata()).exif).toBeDefined();

      const first = await uploaded(jpeg, { filename: 'foto.jpg', type: 'image/jpeg' });
      const second = await uploaded(jpeg, { filename: 'foto.jpg', type: 'image/jpeg' });
      expect(second).not.toBe(first);
      const served = await ctx.request({ method: 'GET', url: first });
      const meta = await sharp(served.rawPayload).metadata();
      expect([meta.width, meta.height]).toEqual([400, 300]);
      expect(meta.exif).toBeUndefined();
    });

    it('refuses anonymous callers (401) and club owners (403) without storing anything', async () => {
      const before = ctx.storage.files.size;
      const anonymous = await upload(ctx, undefined, await png(20, 20));
      expect(anonymous.statusCode).toBe(401);
      const byOwner = await upload(ctx, owner.token, await png(20, 20));
      expect(byOwner.statusCode).toBe(403);
      expect(byOwner.json()).toMatchObject({ message: platformMessages.superAdminOnly });
      expect(ctx.storage.files.size).toBe(before);
    });

    it('refuses with 422 on cover an executable named .jpg, a file over 5 MB and a missing file', async () => {
      const refused = async (response: Awaited<ReturnType<typeof upload>>, message: string) => {
        expect(response.statusCode, message).toBe(422);
        expect(response.json()).toEqual({ message, errors: [{ path: 'cover', message }] });
      };
      // A Windows executable starts with 'MZ'; its name and declared type say JPEG.
      const exe = Buffer.concat([
        Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'),
        Buffer.alloc(2048, 1),
      ]);
      await refused(
        await upload(ctx, admin.token, exe, { filename: 'portada.jpg', type: 'image/jpeg' }),
        coverMessages.wrongType,
      );
      const big = Buffer.alloc(COVER_MAX_BYTES + 1024, 0);
      (await png(2, 2)).copy(big);
      await refused(await upload(ctx, admin.token, big), coverMessages.tooLarge);
      const garbage = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(500, 7)]);
      await refused(await upload(ctx, admin.token, garbage), coverMessages.unreadable);
      await refused(
        await upload(ctx, admin.token, await png(10, 10), { field: 'otra' }),
        coverMessages.missing,
      );
      await refused(
        await ctx.request({ method: 'POST', url: UPLOAD, token: admin.token, body: {} }),
        coverMessages.missing,
      );
    });

    it('refuses with 422 on cover a multipart body cut short or without its boundary, never a 500', async () => {
      const before = ctx.storage.files.size;
      const body = multipart('cover', 'portada.png', 'image/png', await png(20, 20));
      for (const broken of brokenMultiparts(body)) {
        const response = await ctx.request({
          method: 'POST',
          url: UPLOAD,
          token: admin.token,
          ...broken,
        });
        expect(response.statusCode, response.body).toBe(422);
        expect(response.json()).toMatchObject({
          errors: [{ path: 'cover', message: coverMessages.unreadable }],
        });
      }
      expect(ctx.storage.files.size).toBe(before);
    });

    it('answers 404 for a cover that does not exist or a name that is not one', async () => {
      const stored = await uploaded(await png(30, 20));
      const photoLike = `1-${'a'.repeat(22)}.webp`;
      for (const name of [
        `${'A'.repeat(22)}.webp`,
        photoLike,
        'portada.exe',
        '..%2Fphotos%2Fx.webp',
      ]) {
        const response = await ctx.request({ method: 'GET', url: `/api/files/covers/${name}` });
        expect(response.statusCode, name).toBe(404);
      }
      // Covers and photos live apart: a cover's name is not a photo's.
      const asPhoto = stored.replace('/covers/', '/photos/');
      expect((await ctx.request({ method: 'GET', url: asPhoto })).statusCode).toBe(404);
    });

    it('documents both routes in the OpenAPI document', async () => {
      const doc = await ctx.request({ method: 'GET', url: '/api/docs/json' });
      const paths = doc.json<{ paths: Record<string, Record<string, unknown>> }>().paths;
      expect(paths['/api/admin/blog-posts/cover']?.post).toBeDefined();
      expect(paths['/api/files/covers/{name}']?.get).toBeDefined();
    });
  },
);
