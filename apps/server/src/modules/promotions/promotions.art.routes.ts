// The promotion banners (decision 0077) at /api/promotions/art/<name>.jpg: drawn in code
// (promotions.artwork.ts), rasterised at build time into ARTWORK_DIR by
// scripts/build-artwork.ts, served same origin with an ETag and a day's cache (as WebP to a
// browser that accepts it, decision 0161). Before the build the same names serve the SVG
// drawing. The home carousel's lettered stock slides (promotions.home-art.ts, decision 0134)
// are served the same way, as home-<name>-<lang>.jpg. An `<img>` sends no member header, so the wallet-user check lets
// this path through (http/paths.ts isPublicArtPath).
import type { FastifyInstance } from 'fastify';
import { artworkFileSet, loadRasterSet, sendArtwork } from '../../lib/artwork';
import { promotionArtSources } from './promotions.artwork';
import { homeArtSources } from './promotions.home-art';

export async function promotionArtRoutes(app: FastifyInstance): Promise<void> {
  const { artworkDir } = app.deps.config;
  const sources = [...promotionArtSources, ...homeArtSources];
  const rasters = loadRasterSet(sources, artworkDir);
  if (rasters.size < sources.length) {
    app.log.warn(
      { artworkDir, built: rasters.size },
      'promotion banners not built (npm run build:artwork): serving the SVG drawings',
    );
  }
  const art = artworkFileSet(sources, rasters);
  app.get<{ Params: { file: string } }>('/api/promotions/art/:file', async (request, reply) => {
    const file = art.get(`promotion-${request.params.file}`);
    if (!file) return reply.code(404).send({ message: 'NO_DATA' });
    return sendArtwork(request, reply, file);
  });
}
