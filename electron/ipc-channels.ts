// The two IPC channel names, in their own file so the sandboxed preload can share them
// with main without bundling main's validation code.

/** The one invoke channel: `(method, args)` in, an RpcResponse out. */
export const HOST_CALL_CHANNEL = 'host:call';

/** Main → renderer: one HostEvent per message. */
export const HOST_EVENT_CHANNEL = 'host:event';
