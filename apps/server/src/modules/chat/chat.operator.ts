// The agent inbox (issue 14, decision 0097): what support agents (and admins) read and do in
// the console's chat section. Every list is the agents' own (a member never reaches these
// endpoints); replies are validated with the contract's agent message schema by the route,
// templates too, before anything is stored.
import type {
  AgentMessage,
  ChatConversationRow,
  ChatMessage,
  ChatTemplate,
  ResponseFor,
} from '@wallet/contract';
import type { api } from '@wallet/contract';
import { agentMessageSchema, chatPreviewOf, chatSocket, satangToBaht } from '@wallet/contract';
import type { AppDeps, OperatorAuth } from '../../deps';
import type { Db } from '../../db/database';
import { withTransaction } from '../../db/transaction';
import { isoNow } from '../../lib/clock';
import { memberDeposits, memberWithdrawals } from '../backoffice';
import { contextStatus } from './chat.context';
import { ChatOperatorError } from './chat.operator.errors';
import * as repo from './chat.operator.repository';
import type { ConversationRecord, MessageRecord } from './chat.operator.repository';
import { closeConversation, guestLabel, postAgentMessage, presentMessages } from './chat.service';

type Group = typeof api.operatorChat;
type Answer<K extends keyof Group> = ResponseFor<Group[K]>;

const PREVIEW_MAX = 140;

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

function parsePayload(json: string): unknown {
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return null;
  }
}

/** The inbox's one-line preview of a message: its text, or what it is about. */
export function previewOf(type: string, payload: unknown): string {
  const p = isObj(payload) ? payload : {};
  const line = (() => {
    switch (type) {
      case 'text':
        return text(payload);
      case 'media':
        return `[${text(p.fileType) || 'file'}] ${text(p.message)}`;
      case 'buttons':
      case 'quick_replies':
        return text(p.text);
      case 'generic': {
        const first = Array.isArray(p.cards) && isObj(p.cards[0]) ? p.cards[0] : {};
        return `[cards] ${text(first.title)}`;
      }
      case 'postback':
        return `[postback] ${text(p.title)}`;
      case 'context':
        return `[${text(p.kind)}] ${text(p.ref)}`;
      case 'system':
        return `[${text(p.event)}]`;
      default:
        return `[${type}]`;
    }
  })();
  const flat = line.replace(/\s+/g, ' ').trim();
  return flat.length > PREVIEW_MAX ? `${flat.slice(0, PREVIEW_MAX - 1)}…` : flat;
}

export function conversationRow(
  record: ConversationRecord,
  last: MessageRecord | undefined,
): ChatConversationRow {
  return {
    id: record.id,
    status: record.status,
    member:
      record.member_no !== null
        ? {
            memberNo: record.member_no,
            name: record.member_name ?? '',
            phone: record.member_phone ?? '',
          }
        : null,
    // The guest id's random part (as CORE's guestLabel names the visitor in agents'
    // messages), cut short; never the signed id, which is the visitor's credential.
    guestLabel:
      record.member_no === null && record.guest_id !== null
        ? guestLabel(record.guest_id).slice(2, 10)
        : null,
    assignee:
      record.assigned_operator_id !== null
        ? { id: record.assigned_operator_id, username: record.assignee_username ?? '' }
        : null,
    lastActivityAt: record.last_activity_at,
    lastMessagePreview: last ? previewOf(last.message_type, parsePayload(last.payload)) : '',
    lastMessage: last ? chatPreviewOf(last.message_type, parsePayload(last.payload)) : null,
    unread: Number(record.unread),
    createdAt: record.created_at,
    ...(record.member_no === null && record.origin !== null ? { addressGroup: record.origin } : {}),
    ...(record.same_address !== undefined && record.same_address !== null
      ? { sameAddress: Number(record.same_address) }
      : {}),
  };
}

async function conversationOr404(db: Db, id: string): Promise<ConversationRecord> {
  const record = await repo.findConversation(db, id);
  if (!record) throw new ChatOperatorError('NO_DATA');
  return record;
}

export async function rowOf(db: Db, id: string): Promise<ChatConversationRow> {
  const record = await conversationOr404(db, id);
  const last = await repo.lastMessages(db, [id]);
  return conversationRow(record, last.get(id));
}

export async function listInbox(
  deps: Pick<AppDeps, 'db'>,
  operator: OperatorAuth,
  query: {
    view: repo.InboxView;
    status: 'open' | 'closed';
    page: number;
    pageSize: number;
    address?: string | undefined;
  },
): Promise<Answer<'conversations'>> {
  const { db } = deps;
  const [{ rows, total }, unreadTotal] = await Promise.all([
    repo.listConversations(
      db,
      {
        view: query.view,
        status: query.status,
        operatorId: operator.operatorId,
        address: query.address,
      },
      query,
    ),
    repo.unreadForAgent(db, operator.operatorId),
  ]);
  const last = await repo.lastMessages(
    db,
    rows.map((r) => r.id),
  );
  return {
    rows: rows.map((r) => conversationRow(r, last.get(r.id))),
    total,
    page: query.page,
    unreadTotal,
  };
}

const RECENT = 3;

/** The member beside the thread: wallet, holds, open bonus, the latest money movements. */
export async function memberSummary(
  db: Db,
  memberId: number,
): Promise<NonNullable<Answer<'thread'>['member']>> {
  const wallet = await repo.walletOf(db, memberId);
  const page = { page: 1, pageSize: RECENT };
  const [deposits, withdrawals] = await Promise.all([
    memberDeposits(db, wallet.member.member_no, page),
    memberWithdrawals({ db }, wallet.member.member_no, page),
  ]);
  const recent = [
    ...deposits.rows.map((d) => ({
      kind: d.kind,
      ref: d.reference,
      amount: d.amount,
      status: d.status,
      createdAt: d.createdAt,
    })),
    ...withdrawals.rows.map((w) => ({
      kind: 'withdrawal',
      ref: w.reference,
      amount: w.amount,
      status: w.status,
      createdAt: w.createdAt,
    })),
  ]
    .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0))
    .slice(0, RECENT * 2);
  // Every language's name, as the grant stored it (decision 0112); a missing one reads as
  // another language's, then the code.
  let activeBonus: NonNullable<Answer<'thread'>['member']>['activeBonus'] = null;
  if (wallet.grant) {
    const stored = parsePayload(wallet.grant.name_json);
    const names = isObj(stored) ? stored : {};
    const any =
      text(names.th) || text(names.en) || text(names.la) || (wallet.grant.source_code ?? '');
    activeBonus = {
      code: wallet.grant.source_code,
      name: {
        th: text(names.th) || any,
        la: text(names.la) || text(names.th) || any,
        en: text(names.en) || any,
      },
    };
  }
  return {
    memberNo: wallet.member.member_no,
    name: wallet.member.name,
    phone: wallet.member.username,
    status: wallet.member.status,
    balance: satangToBaht(wallet.cash),
    heldTotal: satangToBaht(wallet.held),
    activeBonus,
    recent,
  };
}

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'chatHub'>;

/**
 * A context message ("ask about this") shows its item's status now in `status`; the status
 * the member saw when asking stays as `statusWhenAsked` (decision 0097).
 */
async function withCurrentStatus(deps: Deps, memberId: number | null, message: ChatMessage) {
  const payload = message.message.payload;
  if (message.message.message_type !== 'context' || !isObj(payload)) return message;
  const kind = payload.kind;
  if (kind !== 'slip' && kind !== 'withdrawal' && kind !== 'statement') return message;
  const now = await contextStatus(deps, memberId, { kind, ref: text(payload.ref) });
  if (now === undefined) return message;
  return {
    ...message,
    message: {
      ...message.message,
      payload: { ...payload, status: now, statusWhenAsked: payload.status },
    },
  };
}

/** Stored messages as agents see them (CORE's presentMessages: signed media links too). */
async function present(
  deps: Deps,
  operator: OperatorAuth,
  record: ConversationRecord,
  rows: MessageRecord[],
): Promise<ChatMessage[]> {
  const messages = await presentMessages(deps, rows, {
    kind: 'operator',
    operatorId: operator.operatorId,
  });
  return Promise.all(messages.map((m) => withCurrentStatus(deps, record.member_id, m)));
}

export async function thread(
  deps: Deps,
  operator: OperatorAuth,
  id: string,
  query: { before?: string | undefined; limit: number },
): Promise<Answer<'thread'>> {
  const { db } = deps;
  const record = await conversationOr404(db, id);
  let before: number | undefined;
  if (query.before !== undefined) {
    before = Number(query.before);
    if (!Number.isSafeInteger(before) || before < 1) throw new ChatOperatorError('KEY_INVALID');
  }
  const [page, notes, agents, last, member] = await Promise.all([
    repo.threadPage(db, id, before, query.limit),
    repo.notesOf(db, id),
    repo.agents(db),
    repo.lastMessages(db, [id]),
    record.member_id !== null ? memberSummary(db, record.member_id) : Promise.resolve(null),
  ]);
  return {
    conversation: conversationRow(record, last.get(id)),
    messages: await present(deps, operator, record, page.rows),
    hasOlder: page.hasOlder,
    notes: notes.map((n) => ({
      id: Number(n.id),
      operator: n.operator,
      text: n.text,
      createdAt: n.created_at,
    })),
    member,
    agents: agents.map((a) => ({ id: Number(a.id), username: a.username })),
  };
}

/** The conversation's row changed: the agents' lists follow it (`inbox:conversation`). */
export async function announce(deps: Deps, id: string): Promise<ChatConversationRow> {
  const row = await rowOf(deps.db, id);
  deps.chatHub.toAgents(chatSocket.inboxConversation, row);
  return row;
}

/**
 * An agent's reply through CORE's postAgentMessage (validated again there, self-assigning an
 * unassigned conversation, once per client message id, published to the member and agents).
 */
export async function reply(
  deps: Deps,
  operator: OperatorAuth,
  id: string,
  input: { clientMessageId: string; message: AgentMessage },
) {
  const answer = await postAgentMessage(deps, {
    conversationId: id,
    operatorId: operator.operatorId,
    message: input.message,
    clientMessageId: input.clientMessageId,
  });
  if (!answer.duplicate) await announce(deps, id);
  return answer;
}

/** Closes an open conversation (CORE: a system message); closing a closed one: 409 NO_DATA. */
export async function close(
  deps: Deps,
  operator: OperatorAuth,
  id: string,
): Promise<ChatConversationRow> {
  await conversationOr404(deps.db, id);
  const { closed } = await closeConversation(deps, { id, operatorId: operator.operatorId });
  if (!closed) throw new ChatOperatorError('CLOSED');
  return announce(deps, id);
}

/** Assign to an agent (support or admin, active) or to nobody. */
export async function assign(
  deps: Pick<AppDeps, 'db'>,
  id: string,
  operatorId: number | null,
): Promise<{ before: ChatConversationRow; after: ChatConversationRow }> {
  const { db } = deps;
  const before = await rowOf(db, id);
  if (operatorId !== null && !(await repo.isAgent(db, operatorId)))
    throw new ChatOperatorError('KEY_INVALID');
  await repo.setAssignee(db, id, operatorId);
  return { before, after: await rowOf(db, id) };
}

export async function addNote(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  operator: OperatorAuth,
  id: string,
  noteText: string,
): Promise<Answer<'addNote'>> {
  const { db } = deps;
  await conversationOr404(db, id);
  const at = isoNow(deps.clock);
  const noteId = await repo.insertNote(db, {
    conversationId: id,
    operatorId: operator.operatorId,
    text: noteText,
    at,
  });
  return { id: noteId, operator: operator.username, text: noteText, createdAt: at };
}

/** Moves the agents' read mark to the newest message; answers the row after. */
export async function markRead(
  deps: Pick<AppDeps, 'db'>,
  id: string,
): Promise<{ before: ChatConversationRow; after: ChatConversationRow }> {
  const { db } = deps;
  const before = await rowOf(db, id);
  const newest = await repo.newestMessageId(db, id);
  if (newest !== null) await repo.setReadMark(db, id, newest);
  return { before, after: await rowOf(db, id) };
}

function templateOf(record: repo.TemplateRecord): ChatTemplate | null {
  // A stored template is checked again on the way out: one that no longer fits the schema
  // (a rule tightened since) is left out rather than offered to send.
  const parsed = agentMessageSchema.safeParse(parsePayload(record.message));
  if (!parsed.success) return null;
  return {
    id: Number(record.id),
    name: record.name,
    message: parsed.data,
    createdBy: record.created_by,
    createdAt: record.created_at,
  };
}

export async function listTemplates(deps: Pick<AppDeps, 'db'>): Promise<ChatTemplate[]> {
  const rows = await repo.listTemplates(deps.db);
  return rows.map(templateOf).filter((t): t is ChatTemplate => t !== null);
}

export async function createTemplate(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  operator: OperatorAuth,
  input: { name: string; message: AgentMessage },
): Promise<ChatTemplate> {
  const id = await withTransaction(deps.db, (trx) =>
    repo.insertTemplate(trx, {
      name: input.name,
      message: JSON.stringify(input.message),
      operatorId: operator.operatorId,
      at: isoNow(deps.clock),
    }),
  );
  const record = await repo.findTemplate(deps.db, id);
  const template = record ? templateOf(record) : null;
  if (!template) throw new ChatOperatorError('NO_DATA');
  return template;
}

export async function deleteTemplate(
  deps: Pick<AppDeps, 'db'>,
  id: number,
): Promise<{ id: number; name: string }> {
  const record = await repo.findTemplate(deps.db, id);
  if (!record || !(await repo.deleteTemplate(deps.db, id))) throw new ChatOperatorError('NO_DATA');
  return { id: Number(record.id), name: record.name };
}
