// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, useCatalog } from '@/test/setup';
import { PagedTab } from './paged-tab';

interface Row {
  id: string;
  name?: { en: string };
}

describe('member page tab', { timeout: 20_000 }, () => {
  beforeEach(() => useCatalog('en'));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("never shows another tab's rows with its own columns while it loads", async () => {
    fakeFetch((request) =>
      request.url.includes('/bonuses')
        ? {
            status: 200,
            body: { rows: [{ id: 'g1', name: { en: 'Spin prize' } }], total: 1, page: 1 },
          }
        : { status: 200, body: { rows: [{ id: 's1' }], total: 1, page: 1 } },
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const statement = [{ id: 'id', header: 'Id', cell: (row: Row) => row.id }];
    // A bonuses column that needs a field statement rows do not have.
    const bonuses = [{ id: 'name', header: 'Name', cell: (row: Row) => row.name!.en }];
    const tab = (bonusTab: boolean) => (
      <QueryClientProvider client={client}>
        <PagedTab<Row>
          list={bonusTab ? 'bonuses' : 'statement'}
          memberNo="10002"
          caption={bonusTab ? 'Bonuses' : 'Statement'}
          columns={bonusTab ? bonuses : statement}
          rowKey={(row) => row.id}
        />
      </QueryClientProvider>
    );
    const view = render(tab(false));
    // A loaded machine runs the whole suite at once: give the answers time.
    await screen.findByRole('cell', { name: 's1' }, { timeout: 5000 });
    view.rerender(tab(true));
    expect(await screen.findByRole('cell', { name: 'Spin prize' }, { timeout: 5000 })).toBeTruthy();
  });

  it("never shows another member's rows while the next member's rows load", async () => {
    fakeFetch((request) => ({
      status: 200,
      body: { rows: [{ id: request.url.includes('/10003/') ? 'm3' : 'm2' }], total: 1, page: 1 },
    }));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const columns = [{ id: 'id', header: 'Id', cell: (row: Row) => row.id }];
    const tab = (memberNo: string) => (
      <QueryClientProvider client={client}>
        <PagedTab<Row>
          list="statement"
          memberNo={memberNo}
          caption="Statement"
          columns={columns}
          rowKey={(row) => row.id}
        />
      </QueryClientProvider>
    );
    const view = render(tab('10002'));
    await screen.findByRole('cell', { name: 'm2' }, { timeout: 5000 });
    view.rerender(tab('10003'));
    expect(screen.queryByRole('cell', { name: 'm2' })).toBeNull();
    expect(await screen.findByRole('cell', { name: 'm3' }, { timeout: 5000 })).toBeTruthy();
  });
});
