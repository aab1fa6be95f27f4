import type { AuthBroadcast } from '../machines/auth.machine';

/** The BroadcastChannel the tabs of one browser share (spec §9). */
export const AUTH_CHANNEL = 'auth_channel';

const readBroadcast = (data: unknown): AuthBroadcast | null => {
  const type = typeof data === 'object' && data !== null ? (data as { type?: unknown }).type : data;
  return type === 'LOGIN' || type === 'LOGOUT' ? type : null;
};

/**
 * This tab's end of `auth_channel`. One BroadcastChannel object both sends and listens, so
 * a tab never hears its own messages. Browsers without BroadcastChannel simply do not
 * follow the other tabs.
 */
export class AuthChannel {
  private channel: BroadcastChannel | null = null;

  /** Opens the channel and calls `onMessage` for each LOGIN / LOGOUT of another tab. */
  open(onMessage: (message: AuthBroadcast) => void): () => void {
    if (typeof BroadcastChannel === 'undefined') return () => {};
    const channel = new BroadcastChannel(AUTH_CHANNEL);
    channel.onmessage = (event: MessageEvent) => {
      const message = readBroadcast(event.data);
      if (message) onMessage(message);
    };
    this.channel = channel;
    return () => {
      if (this.channel === channel) this.channel = null;
      channel.close();
    };
  }

  post(message: AuthBroadcast): void {
    this.channel?.postMessage({ type: message });
  }
}
