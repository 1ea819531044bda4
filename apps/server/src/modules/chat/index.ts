// The support chat (issue 14, docs/decisions/0095-support-chat.md): conversations and
// messages of members and visitors, attachments, and the agents' inbox. Live delivery goes
// through the ChatHub port (deps.chatHub); nothing here knows about sockets.
export { installChatSockets, identifySocket, chatRoom } from './chat.socket';
export type { ChatSockets, SocketIdentity } from './chat.socket';
