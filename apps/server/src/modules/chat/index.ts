// The support chat (issue 14, docs/decisions/0095-support-chat.md): conversations and
// messages of members and visitors, attachments, and the agents' inbox. Live delivery goes
// through the ChatHub port (deps.chatHub); nothing here knows about sockets.
export { chatRoutes } from './chat.routes';
export type { AdoptionResult, ChatCaller } from './chat.identity';
export { adoptGuest, chatRoomOf, ownerOf, resolveChatCaller, senderKeyOf } from './chat.identity';
export { contextStatus, describeContext } from './chat.context';
export type {
  AgentMessageAnswer,
  AgentMessageInput,
  ChatViewer,
  SystemEvent,
} from './chat.service';
export {
  ChatError,
  closeConversation,
  guestLabel,
  postAgentMessage,
  postSystemMessage,
  presentMessage,
  presentMessages,
  viewerOf,
} from './chat.service';
export { installChatSockets, identifySocket } from './chat.socket';
export type { ChatSockets, SocketIdentity } from './chat.socket';
