// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@/components/toast';
import { en } from '@/i18n/en';
import { fakeFetch, useCatalog, type Recorded } from '@/test/setup';
import { Composer } from './composer';

function renderComposer(onSent = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <Composer conversationId="c1" onSent={onSent} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return onSent;
}

describe('chat reply box', () => {
  beforeEach(() => useCatalog('en'));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('sends on Enter, keeps Shift+Enter as a new line, never sends blank text', async () => {
    let fail = true;
    const requests = fakeFetch((request: Recorded) => {
      if (request.url === '/api/operator/chat/templates') return { status: 200, body: [] };
      if (request.url === '/api/operator/chat/conversations/c1/messages') {
        if (fail) {
          fail = false;
          return { status: 500, body: { message: 'INTERNAL_SERVER_ERROR' } };
        }
        return { status: 200, body: {} };
      }
      return { status: 404, body: { message: 'NO_DATA' } };
    });
    const onSent = renderComposer();
    const user = userEvent.setup({ delay: null });
    const box = screen.getByLabelText(en.chat.reply.label);
    await user.type(box, '   {Enter}');
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
    await user.clear(box);
    await user.type(box, 'line one{Shift>}{Enter}{/Shift}line two{Enter}');
    // The first attempt fails: kept with Resend; the resend goes with the same client id.
    const resend = await screen.findByRole('button', { name: en.chat.reply.resend });
    // The failed reply waits in its own list, named apart from the reply box.
    expect(screen.getAllByLabelText(en.chat.reply.label)).toEqual([box]);
    expect(screen.getByRole('list', { name: en.chat.reply.pending })).toBeTruthy();
    await user.click(resend);
    await waitFor(() => expect(onSent).toHaveBeenCalledTimes(1));
    const posts = requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(posts[0]!.body).toMatchObject({
      message: { message_type: 'text', payload: 'line one\nline two' },
    });
    const ids = posts.map((p) => (p.body as { clientMessageId: string }).clientMessageId);
    expect(ids[1]).toBe(ids[0]);
    expect((box as HTMLTextAreaElement).value).toBe('');
  });

  // The rule itself is the contract's checkChatAttachment (chat-attachment.test.ts).
  it("words the attachment rule's answers", () => {
    expect(en.chat.reply.tooLarge.replace('{size}', '10')).toBe(
      'The file is too large. Please select file no larger than 10 MB.',
    );
    expect(en.chat.reply.unsupportedFile).toBe('File is not supported');
  });
});
