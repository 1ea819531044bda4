import { api, SLIP_IMAGE_ACTION } from '@wallet/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/contract-route';
import { DomainError } from '../../lib/domain-error';
import { recordAudit } from '../audit';
import { operatorIdentity } from '../operator';
import { assertDepositAllowed } from '../promotions';
import { getSetting } from '../settings';
import { contentTypeOf } from './slips.image';
import { checkSlipLink, SLIP_IMAGE_PATH } from './slips.links';
import * as service from './slips.service';

// docs/decisions/0027-slip-deposits.md (upload and rules), 0028 (image reading),
// 0029 (signed image links).
export async function slipRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;
  const { slips } = deps.config;

  route(
    app,
    api.wallet.slip,
    {
      rateLimit: { max: slips.uploadsPerMin, timeWindow: 60_000 },
      upload: {
        field: 'file',
        maxBytes: async () => (await getSetting(deps.db, 'slip')).maxFileBytes,
      },
    },
    async ({ member, upload, idempotencyKey, request }) => {
      // Refused while a bonus is open, before the file is stored (decision 0071).
      await assertDepositAllowed(deps, member.memberId);
      const answer = await service.uploadSlip(deps, member.memberId, upload, idempotencyKey);
      request.log.info(
        {
          event: 'slip_upload',
          memberNo: member.memberNo,
          slip: answer.slipId,
          result: answer.message,
        },
        'money',
      );
      return answer;
    },
  );

  // Scoped to the caller: the member id comes from the session, never from the request.
  route(app, api.statement.slips, {}, ({ member, body }) =>
    service.listSlips(deps, member.memberId, body),
  );
  route(app, api.statement.slipByReference, {}, ({ member, params }) =>
    service.linkByReference(deps, member.memberId, params.reference),
  );

  // The signed link itself is the permission (decision 0029): no token, no wallet header.
  app.get<{ Params: { ref: string }; Querystring: Record<string, unknown> }>(
    SLIP_IMAGE_PATH,
    async (request, reply) => {
      const { ref } = request.params;
      const now = deps.clock.now();
      const check = checkSlipLink(
        slips.linkSecret,
        ref,
        request.query.expires,
        request.query.sig,
        now,
        slips.linkTtlSeconds,
        request.query.viewer,
      );
      if (check === 'bad') throw new DomainError('UNAUTHORIZED', 403);
      if (check === 'expired') throw new DomainError('EXPIRED_AUTH_TOKEN', 403);
      const image = await service.imageOf(deps, ref);
      if (!image) throw new DomainError('NO_DATA', 404);
      // An operator's link names its viewer (decision 0091): who looked at which slip, in the
      // log and (decision 0119) in the audit log, like the operator's other reads of members.
      if (typeof request.query.viewer === 'string') {
        request.log.info({ event: 'slip_image_view', slip: ref, viewer: request.query.viewer });
        const viewer = await operatorIdentity(deps.db, Number(request.query.viewer.slice(9)));
        await recordAudit(deps, {
          operator: viewer ?? null,
          // The contract names it (audit-actions.ts): the console labels it.
          action: SLIP_IMAGE_ACTION,
          target: `slip:${ref}`,
          ip: request.ip,
          userAgent: request.headers['user-agent'] ?? null,
          outcome: 'ok',
        });
      }
      const left = Math.max(0, Number(request.query.expires) - Math.floor(now.getTime() / 1000));
      return reply
        .type(contentTypeOf(image.kind))
        .header('cache-control', `private, max-age=${Math.min(left, 300)}`)
        .header('content-disposition', `inline; filename="${ref}.${image.kind}"`)
        .header('x-content-type-options', 'nosniff')
        .header('referrer-policy', 'no-referrer')
        .send(image.data);
    },
  );
}
