export * from './limits.ts';
export * from './lobby.ts';
export * from './socket.ts';
export * from './notices.ts';
export * from './bots.ts';
export * from './records.ts';
