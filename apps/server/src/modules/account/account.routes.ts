import { api } from '@wallet/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/contract-route';
import { proofCookie, proofFromCookies } from '../otp';
import * as bankRequests from './account.bank-requests';
import { AccountError } from './account.errors';
import * as service from './account.service';

// Answers per decision 0002: validate `{ message: 'OK' }`, the other writes
// `{ message: 'SUCCESS' }`.
export async function accountRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;
  const perIp = { max: deps.config.rateLimit.registerPerMin, timeWindow: 60_000 };
  // A stolen token must not become a password-guessing oracle.
  const loginPerIp = { max: deps.config.rateLimit.loginPerMin, timeWindow: 60_000 };
  const a = api.account;

  // The OTP proof is the cookie /api/otp/verify set (decision 0049).
  route(app, a.validate, { rateLimit: perIp, reportField: true }, async ({ body, request }) => {
    await service.validateRegistration(deps, body, proofFromCookies(request.headers.cookie));
    return { message: 'OK' };
  });

  route(
    app,
    a.register,
    { rateLimit: perIp, reportField: true },
    async ({ body, request, reply }) => {
      const proof = proofFromCookies(request.headers.cookie);
      const { memberNo } = await service.register(deps, body, proof);
      if (proof) reply.header('set-cookie', proofCookie('', 0, deps.config.env === 'production'));
      request.log.info({ event: 'register', memberNo }, 'auth');
      return { message: 'SUCCESS' };
    },
  );

  route(app, a.getProfile, {}, ({ member }) => service.getProfile(deps.db, member));

  route(app, a.updateProfile, {}, async ({ member, body, request }) => {
    await service.updateProfile(deps, member, body);
    request.log.info({ event: 'profile_updated', memberNo: member.memberNo }, 'account');
    return { message: 'SUCCESS' };
  });

  // Decision 0019: the payout account changes only through an operator, and (decision 0116)
  // only once a second operator approves the request. The audit rows show the account before
  // and after (decision 0088).
  route(
    app,
    api.operator.changeMemberBank,
    {},
    async ({ operator, params, body, request, audit }) => {
      audit({ target: `member:${params.memberId}`, after: { ...body } });
      const asked = await bankRequests.requestMemberBankChange(deps, operator, {
        memberNo: params.memberId,
        ...body,
      });
      audit({
        before: asked.from,
        after: {
          ...asked.to,
          reason: body.reason.trim(),
          status: 'pending',
          requestId: asked.requestId,
        },
      });
      request.log.warn(
        {
          event: 'member_bank_change_requested',
          operator: operator.username,
          memberNo: params.memberId,
          bankCode: body.bankCode,
          requestId: asked.requestId,
        },
        'account',
      );
      return { message: 'PENDING_APPROVAL' as const, requestId: asked.requestId };
    },
  );

  const requests = api.operatorRequests;
  route(app, requests.bankRequests, {}, ({ query }) =>
    bankRequests.listBankChangeRequests(deps, query),
  );

  route(app, requests.approveBankRequest, {}, async ({ operator, params, request, audit }) => {
    const target = `bank-request:${params.requestId}`;
    audit({ target, after: null });
    const decided = await bankRequests.approveMemberBankChange(deps, operator, params.requestId);
    audit({
      target: `member:${decided.memberNo}`,
      before: { ...decided.from, status: 'pending', requestId: decided.id },
      after: {
        ...decided.to,
        status: decided.status,
        requestId: decided.id,
        requestedBy: decided.requestedBy.username,
      },
    });
    request.log.warn(
      {
        event: 'member_bank_changed',
        operator: operator.username,
        requestedBy: decided.requestedBy.username,
        memberNo: decided.memberNo,
        bankCode: decided.to.bankCode,
      },
      'account',
    );
    return { message: 'SUCCESS' as const, request: decided };
  });

  route(app, requests.rejectBankRequest, {}, async ({ operator, params, body, audit }) => {
    audit({ target: `bank-request:${params.requestId}`, after: { reason: body.reason } });
    const decided = await bankRequests.rejectMemberBankChange(
      deps,
      operator,
      params.requestId,
      body.reason,
    );
    audit({
      target: `member:${decided.memberNo}`,
      before: { status: 'pending', requestId: decided.id },
      after: { status: decided.status, requestId: decided.id, reason: body.reason },
    });
    return { message: 'SUCCESS' as const, request: decided };
  });

  route(app, a.updateBankAccountName, {}, async ({ member, body }) => {
    await service.updateBankAccountName(deps, member, body);
    return { message: 'SUCCESS' };
  });

  // A refused new password names its field like registration's (decision 0133).
  route(
    app,
    a.changePassword,
    { rateLimit: loginPerIp, reportField: true },
    async ({ member, body, request }) => {
      try {
        const { revoked } = await service.changePassword(deps, member, body);
        request.log.info(
          { event: 'password_changed', memberNo: member.memberNo, revokedSessions: revoked },
          'auth',
        );
      } catch (error) {
        if (error instanceof AccountError && error.code === 'WRONG_PASSWORD')
          request.log.info({ event: 'password_change_failed', memberNo: member.memberNo }, 'auth');
        throw error;
      }
      return { message: 'SUCCESS' };
    },
  );
}
