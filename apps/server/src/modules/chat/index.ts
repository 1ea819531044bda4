// The support chat (issue 14, docs/decisions/0095-support-chat.md): conversations and
// messages of members and visitors, attachments, and the agents' inbox. Live delivery goes
// through the ChatHub port (deps.chatHub); nothing here knows about sockets.
import type { ModuleFace } from '../../module-face';
import { chatFileKeysNamed } from './chat.files';
import { chatFileRoutes } from './chat.files.routes';
import { chatOperatorRoutes } from './chat.operator.routes';
import { chatRoutes } from './chat.routes';
// CORE (decision 0096): the member side, identities, and the service calls of the inbox.
export type { AdoptionResult, ChatCaller } from './chat.identity';
export { adoptGuest, chatRoomOf, ownerOf } from './chat.identity';
export { resolveChatCaller, senderKeyOf, socketCaller } from './chat.identity';
export { contextStatus, describeContext } from './chat.context';
export type { AgentMessageAnswer, AgentMessageInput } from './chat.service';
export type { SystemEvent } from './chat.service';
export type { ChatViewer } from './chat.identity';
export { ChatError, guestLabel, viewerOf } from './chat.service';
export { closeConversation, postAgentMessage, postSystemMessage } from './chat.service';
export { presentMessage, presentMessages } from './chat.service';
// FILES (decision 0099): attachments, their links and their sweep.
export { sweepUnsentChatFiles } from './chat.files';
export { signedChatFileUrl, uploadCapOf, uploadChatFile } from './chat.files';
export type { ChatFileAccept, ChatFileOwner } from './chat.files';
// SOCKET (decision 0098): the live sockets and their handshake.
export { installChatSockets, identifySocket } from './chat.socket';
export type { ChatSockets, SocketIdentity } from './chat.socket';

/** What the composition level wires of this module (modules/index.ts lists it: decision 0136). */
export const face: ModuleFace = {
  name: 'chat',
  routes: [chatFileRoutes, chatRoutes, chatOperatorRoutes],
  fileKeys: chatFileKeysNamed,
};
