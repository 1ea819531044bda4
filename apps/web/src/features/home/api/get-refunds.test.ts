// Type-level test (issue 27): an endpoint file is typed by its route. `tsc -p apps/web` checks
// the @ts-expect-error lines (an unused one fails the typecheck); vitest runs the rest.
import type { api, ResponseFor } from '@wallet/contract/client';
import { routes } from '@wallet/contract/routes';
import { describe, expectTypeOf, it } from 'vitest';
import { callApi, type ApiAnswer, type ApiBody } from '@/lib/api-client';
import { getRefunds, type RefundsAnswer, type RefundsBody } from './get-refunds';

describe('get-refunds.ts is typed by its route', () => {
  it("answers what the refund route answers, and takes that route's body", () => {
    expectTypeOf(getRefunds).returns.toEqualTypeOf<Promise<ApiAnswer<typeof routes.refund.list>>>();
    expectTypeOf<RefundsAnswer>().toEqualTypeOf<ResponseFor<typeof api.refund.list>>();
    expectTypeOf<RefundsBody>().toEqualTypeOf<ApiBody<typeof routes.refund.list>>();
  });

  it('does not typecheck when pointed at the transfer route', () => {
    // What get-refunds.ts would be with the transfer route: the answer no longer fits.
    const pointedAtTransfer = (body: RefundsBody): Promise<RefundsAnswer> =>
      // @ts-expect-error the transfer route answers { message, balance... }, not the refund list
      callApi(routes.wallet.transfer, { body: body as never, idempotencyKey: 'k' });
    // Nor does a call that names a type of its own: there is no type argument to give.
    // @ts-expect-error callApi takes no hand-written answer type
    const handTyped = () => callApi<RefundsAnswer>(routes.wallet.get);
    // Nor a body of another route.
    const transferBody = { from: 'WALLET', to: 'PG', amount: 1 };
    // @ts-expect-error the refund route's body is { page, limit }, not a transfer
    const wrongBody = () => callApi(routes.refund.list, { body: transferBody });
    expectTypeOf(pointedAtTransfer).toBeFunction();
    expectTypeOf(handTyped).toBeFunction();
    expectTypeOf(wrongBody).toBeFunction();
  });
});
