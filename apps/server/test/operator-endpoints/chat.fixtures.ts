// Audit-walker fixtures for the support chat's agent inbox (issue 14, decision 0097).
import { imageFile } from '../chat-file-support';
import { seedConversation } from '../chat-operator-support';
import { multipartBody } from '../slip-support';
import type { OperatorFixtures } from './fixture';

const conversation = '/api/operator/chat/conversations/:conversationId';

export const fixtures: OperatorFixtures = {
  [`POST ${conversation}/messages`]: async (t) => {
    const conv = await seedConversation(t, {});
    return {
      params: { conversationId: conv.id },
      body: {
        clientMessageId: `walker-${conv.id}`,
        message: { message_type: 'text', payload: 'hi' },
      },
    };
  },
  [`PUT ${conversation}/assignee`]: async (t) => {
    const conv = await seedConversation(t, {});
    const admin = await t.db
      .selectFrom('operators')
      .select('id')
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    return { params: { conversationId: conv.id }, body: { operatorId: admin.id } };
  },
  [`POST ${conversation}/close`]: async (t) => {
    const conv = await seedConversation(t, {});
    return { params: { conversationId: conv.id }, body: {} };
  },
  [`POST ${conversation}/notes`]: async (t) => {
    const conv = await seedConversation(t, {});
    return { params: { conversationId: conv.id }, body: { text: 'walker note' } };
  },
  [`PUT ${conversation}/read`]: async (t) => {
    const conv = await seedConversation(t, {});
    return { params: { conversationId: conv.id }, body: {} };
  },
  'POST /api/operator/chat/upload': async () => {
    const body = multipartBody([
      {
        name: 'file',
        filename: 'walker.png',
        contentType: 'image/png',
        data: await imageFile('png'),
      },
    ]);
    return { body: body.payload, headers: { 'content-type': body.contentType } };
  },
  'POST /api/operator/chat/templates': async () => ({
    body: { name: 'walker', message: { message_type: 'text', payload: 'Hello' } },
  }),
  'DELETE /api/operator/chat/templates/:templateId': async (t) => {
    const res = await t.call('POST', '/api/operator/chat/templates', {
      token: await t.operatorToken(),
      body: { name: 'walker delete', message: { message_type: 'text', payload: 'Bye' } },
    });
    return { params: { templateId: res.json<{ id: number }>().id } };
  },
};
