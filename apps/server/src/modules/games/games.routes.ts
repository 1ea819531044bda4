// Routes of the games module: the wallet group of the contract (except the wallet read and
// refresh, withdrawals, slips and gift links), the eleven /api/autoLogin links, and the providers' artwork.
import type { ProviderCode } from '@wallet/contract';
import { api, bahtToSatang } from '@wallet/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/contract-route';
import { sendArtwork } from '../../lib/artwork';
import { artworkFiles, artworkSources } from './games.artwork';
import { loadRasters } from './games.raster';
import * as service from './games.service';
import * as transfers from './games.transfers';

export async function gamesRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;
  const w = api.wallet;

  // Every handler takes the member from the session: ids in the request never name whose
  // account is used.
  route(app, w.activate, {}, async ({ member, params, request }) => {
    const slot = await service.activate(deps, member, params.code);
    request.log.info(
      { event: 'game_account_opened', memberNo: member.memberNo, code: slot.code },
      'games',
    );
    return slot;
  });
  route(app, w.account, {}, ({ member, params }) => service.credentials(deps, member, params.code));
  route(app, w.resetPassword, {}, ({ member, params }) =>
    service.resetPassword(deps, member, params.code),
  );
  route(app, w.launch, {}, ({ member, params }) => service.launch(deps, member, params.code));
  // A notice moves no money; the per-IP limit keeps it from filling the statement.
  route(app, w.add, { rateLimit: { max: 10, timeWindow: 60_000 } }, ({ member, body }) =>
    service.depositNotice(deps, member, bahtToSatang(body.amount)),
  );
  route(app, w.transfer, {}, async ({ member, body, idempotencyKey, request }) => {
    const answer = await transfers.transfer(deps, member, body, idempotencyKey);
    request.log.info(
      { event: 'game_transfer', memberNo: member.memberNo, ...body, ...answer },
      'money',
    );
    return answer;
  });
  route(app, w.transferAll, {}, async ({ member, body, idempotencyKey, request }) => {
    const answer = await transfers.transferAll(deps, member, body, idempotencyKey);
    request.log.info(
      { event: 'game_transfer_all', memberNo: member.memberNo, to: body.to, ...answer },
      'money',
    );
    return answer;
  });

  // /api/autoLogin/<name>/...: <name> is the provider code in lower case (spec section 7).
  for (const [name, def] of Object.entries(api.autoLogin)) {
    const code = name.toUpperCase() as ProviderCode;
    route(app, def, {}, ({ member, params }) => service.autoLogin(deps, member, code, params));
  }

  // Logos and card backgrounds, drawn in code (games.artwork.ts) and rasterised at build time
  // (scripts/build-artwork.ts, decision 0059); same origin, no /api hooks.
  const rasters = loadRasters(deps.config.artworkDir);
  if (rasters.size < artworkSources.length) {
    app.log.warn(
      { artworkDir: deps.config.artworkDir, built: rasters.size },
      'provider artwork not built (npm run build:artwork): serving the SVG drawings',
    );
  }
  const artwork = artworkFiles(rasters);
  app.get<{ Params: { file: string } }>('/static/providers/:file', async (request, reply) => {
    const art = artwork.get(request.params.file);
    if (!art) return reply.code(404).send({ message: 'NO_DATA' });
    return sendArtwork(request, reply, art);
  });
}
