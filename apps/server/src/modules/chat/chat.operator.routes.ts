import { api } from '@wallet/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/contract-route';
import { uploadCapOf, uploadChatFile, uploadLimiter } from './chat.files';
import * as inbox from './chat.operator';

// The agent inbox of the console (issue 14, decision 0097): support agents and admins (roles
// in the contract). Every change names the conversation (or template) and its before/after
// for the audit row.
export async function chatOperatorRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;
  const g = api.operatorChat;
  const target = (id: string) => `chat:${id}`;

  route(app, g.conversations, {}, ({ operator, query }) => inbox.listInbox(deps, operator, query));

  route(app, g.thread, {}, ({ operator, params, query }) =>
    inbox.thread(deps, operator, params.conversationId, query),
  );

  route(app, g.reply, {}, async ({ operator, params, body, audit }) => {
    const { message, assigned, duplicate } = await inbox.reply(
      deps,
      operator,
      params.conversationId,
      body,
    );
    audit({
      target: target(params.conversationId),
      before: null,
      after: {
        messageId: message._id,
        type: body.message.message_type,
        ...(assigned ? { selfAssigned: operator.username } : {}),
        ...(duplicate ? { duplicate: true } : {}),
      },
    });
    return message;
  });

  route(app, g.assign, {}, async ({ params, body, audit }) => {
    const { before, after } = await inbox.assign(deps, params.conversationId, body.operatorId);
    await inbox.announce(deps, params.conversationId);
    audit({
      target: target(params.conversationId),
      before: { assignee: before.assignee?.username ?? null },
      after: { assignee: after.assignee?.username ?? null },
    });
    return after;
  });

  route(app, g.close, {}, async ({ operator, params, audit }) => {
    const row = await inbox.close(deps, operator, params.conversationId);
    audit({
      target: target(params.conversationId),
      before: { status: 'open' },
      after: { status: row.status },
    });
    return row;
  });

  route(app, g.addNote, {}, async ({ operator, params, body, audit }) => {
    const note = await inbox.addNote(deps, operator, params.conversationId, body.text);
    audit({ target: target(params.conversationId), before: null, after: { noteId: note.id } });
    return note;
  });

  route(app, g.markRead, {}, async ({ params, audit }) => {
    const { before, after } = await inbox.markRead(deps, params.conversationId);
    if (before.unread !== after.unread) await inbox.announce(deps, params.conversationId);
    audit({
      target: target(params.conversationId),
      before: { unread: before.unread },
      after: { unread: after.unread },
    });
    return after;
  });

  // An agent's attachment (decision 0099's checks: type from the bytes, images re-encoded,
  // 10 MB an image, 20 MB a video), charged to the agent's per-minute upload limit.
  const charge = uploadLimiter(deps);
  route(
    app,
    g.upload,
    { upload: { field: 'file', maxBytes: async () => uploadCapOf('any') } },
    async ({ operator, upload, audit }) => {
      const owner = { kind: 'operator', operatorId: operator.operatorId } as const;
      await charge(owner);
      const answer = await uploadChatFile(deps, owner, upload, 'any');
      audit({
        target: `chat-file:${answer.path.slice('chatfile:'.length)}`,
        before: null,
        after: answer,
      });
      return answer;
    },
  );

  route(app, g.templates, {}, () => inbox.listTemplates(deps));

  route(app, g.createTemplate, {}, async ({ operator, body, audit }) => {
    const template = await inbox.createTemplate(deps, operator, body);
    audit({
      target: `chat-template:${template.id}`,
      before: null,
      after: { name: template.name, type: template.message.message_type },
    });
    return template;
  });

  route(app, g.deleteTemplate, {}, async ({ params, audit }) => {
    const removed = await inbox.deleteTemplate(deps, params.templateId);
    audit({ target: `chat-template:${removed.id}`, before: { name: removed.name }, after: null });
    return { message: 'SUCCESS' };
  });
}
