// Type-level test (issue 27): a route's answer, body, params and query are looked up in one
// table keyed by `${method} ${path}` (api.ts) and are exactly the contract endpoint's types.
// `tsc -p packages/client` checks the @ts-expect-error lines (an unused one fails the
// typecheck); vitest runs the rest.
import type { api, BodyFor, ParamsFor, QueryFor, ResponseFor } from '@wallet/contract/client';
import { routes } from '@wallet/contract/routes';
import { describe, expectTypeOf, it } from 'vitest';
import {
  createApiClient,
  type ApiAnswer,
  type ApiBody,
  type CallOptions,
  type EndpointOf,
} from './api';

// Never called: only its types are checked.
const call = createApiClient({ headers: () => ({}) }).call;

describe('a route is typed by its contract endpoint, exactly', () => {
  it('answers, bodies, params and queries are the endpoint types themselves', () => {
    expectTypeOf<EndpointOf<typeof routes.wallet.get>>().toEqualTypeOf<typeof api.wallet.get>();
    expectTypeOf<ApiAnswer<typeof routes.wallet.get>>().toEqualTypeOf<
      ResponseFor<typeof api.wallet.get>
    >();
    expectTypeOf<ApiAnswer<typeof routes.wallet.transfer>>().toEqualTypeOf<
      ResponseFor<typeof api.wallet.transfer>
    >();
    expectTypeOf<ApiBody<typeof routes.wallet.transfer>>().toEqualTypeOf<
      BodyFor<typeof api.wallet.transfer>
    >();
    expectTypeOf<ApiBody<typeof routes.wallet.transfer>>().toEqualTypeOf<{
      from: string;
      to: string;
      amount: number;
    }>();
    expectTypeOf<CallOptions<typeof routes.operator.decideWithdrawal>['params']>().toEqualTypeOf<
      ParamsFor<typeof api.operator.decideWithdrawal>
    >();
    expectTypeOf<NonNullable<CallOptions<typeof routes.operator.audit>['query']>>().toEqualTypeOf<
      NonNullable<QueryFor<typeof api.operator.audit>>
    >();
    // Same path, other method: each method finds its own endpoint.
    expectTypeOf<EndpointOf<typeof routes.operatorChat.templates>>().toEqualTypeOf<
      typeof api.operatorChat.templates
    >();
    expectTypeOf<EndpointOf<typeof routes.operatorChat.createTemplate>>().toEqualTypeOf<
      typeof api.operatorChat.createTemplate
    >();
    // Not any, and not a union of every endpoint's answer.
    expectTypeOf<ApiAnswer<typeof routes.wallet.get>>().not.toBeAny();
    expectTypeOf<ApiAnswer<typeof routes.wallet.get>['wallet']['amount']>().toEqualTypeOf<number>();
  });

  it('a call answers its route and takes its route options', () => {
    const wallet = () => call(routes.wallet.get);
    expectTypeOf(wallet).returns.resolves.toEqualTypeOf<ResponseFor<typeof api.wallet.get>>();
    const transfer = () =>
      call(routes.wallet.transfer, { body: { from: 'WALLET', to: 'PG', amount: 1 } });
    expectTypeOf(transfer).returns.resolves.toEqualTypeOf<
      ResponseFor<typeof api.wallet.transfer>
    >();
    const decide = () =>
      call(routes.operator.decideWithdrawal, {
        params: { id: 'W1' },
        body: { decision: 'approve' },
      });
    expectTypeOf(decide).returns.resolves.not.toBeAny();
  });

  it('does not typecheck with a wrong path, method, body, params or answer field', () => {
    const wrongPath = () =>
      // @ts-expect-error no endpoint of the contract has this path
      call({ method: 'GET', path: '/api/wallet/nope', access: 'member' });
    const wrongMethod = () =>
      // @ts-expect-error the contract has GET /api/wallet, not DELETE
      call({ method: 'DELETE', path: '/api/wallet', access: 'member' });
    const wrongBodyField = () =>
      // @ts-expect-error a transfer's body has `amount`, not `amountBaht`
      call(routes.wallet.transfer, { body: { from: 'WALLET', to: 'PG', amountBaht: 1 } });
    const wrongBodyType = () =>
      // @ts-expect-error a transfer's amount is a number
      call(routes.wallet.transfer, { body: { from: 'WALLET', to: 'PG', amount: '1' } });
    // @ts-expect-error a transfer needs its body
    const missingBody = () => call(routes.wallet.transfer);
    const bodyOfNone = () =>
      // @ts-expect-error the wallet's GET takes no body
      call(routes.wallet.get, { body: { amount: 1 } });
    const missingParams = () =>
      // @ts-expect-error the decision route needs its `id` path parameter
      call(routes.operator.decideWithdrawal, { body: { decision: 'approve' } });
    const wrongParam = () =>
      call(routes.operator.decideWithdrawal, {
        // @ts-expect-error the path parameter is `id`
        params: { withdrawalId: 'W1' },
        body: { decision: 'approve' },
      });
    const wrongAnswerField = async () => {
      const answer = await call(routes.wallet.transfer, {
        body: { from: 'WALLET', to: 'PG', amount: 1 },
      });
      // @ts-expect-error a transfer answers { message, status, reference }: no `balance`
      return answer.balance;
    };
    // @ts-expect-error a call takes no hand-written answer type
    const handTyped = () => call<{ anything: true }>(routes.wallet.get);
    expectTypeOf(wrongPath).toBeFunction();
    expectTypeOf(wrongMethod).toBeFunction();
    expectTypeOf(wrongBodyField).toBeFunction();
    expectTypeOf(wrongBodyType).toBeFunction();
    expectTypeOf(missingBody).toBeFunction();
    expectTypeOf(bodyOfNone).toBeFunction();
    expectTypeOf(missingParams).toBeFunction();
    expectTypeOf(wrongParam).toBeFunction();
    expectTypeOf(wrongAnswerField).toBeFunction();
    expectTypeOf(handTyped).toBeFunction();
  });
});
