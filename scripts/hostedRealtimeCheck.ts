/**
 * The Realtime checks of `npm run check:hosted` (scripts/hostedCheck.ts): on
 * the project's socket, a user joins their own private topic and another
 * user is refused it (the app's `realtime_join_own_topic` policy), a public
 * channel is refused ("Allow public access" off, as the README's step 8
 * asks), and the broadcast API answers. A project that serves no
 * `/realtime/v1` gets "skip" (the app then polls). Each check is one entry,
 * so the list runs in the caller's `check()`.
 */
import WebSocket from 'ws';

type Status = 'ok' | 'FAIL' | 'skip';
/** One check: its name and the function that answers `[status, detail]`. */
export type RealtimeCheck = [string, () => Promise<[Status, string]>];

const ANSWER_MS = 10_000;

/**
 * The reply to a `phx_join` of `topic` with `token` (protocol 1.0.0):
 * `{ ok: true }`, `{ ok: false, reason }`, or null when the project serves
 * no Realtime socket. Errors: no answer within 10 s rejects.
 */
export function joinReply(
  base: string,
  anonKey: string,
  token: string,
  topic: string,
  isPrivate: boolean,
): Promise<{ ok: boolean; reason: string } | null> {
  const url = `${base.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${encodeURIComponent(anonKey)}&vsn=1.0.0`;
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    const done = (fn: () => void): void => {
      clearTimeout(timer);
      ws.removeAllListeners();
      ws.on('error', () => {});
      ws.terminate();
      fn();
    };
    const timer = setTimeout(
      () => done(() => reject(new Error(`no answer to a join of ${topic}`))),
      ANSWER_MS,
    );
    ws.on('unexpected-response', (_req, res) =>
      done(() =>
        res.statusCode === 404
          ? resolve(null)
          : reject(new Error(`the socket was refused (${res.statusCode})`)),
      ),
    );
    ws.on('error', (e) => done(() => reject(e)));
    ws.on('open', () =>
      ws.send(
        JSON.stringify({
          topic: `realtime:${topic}`,
          event: 'phx_join',
          ref: '1',
          join_ref: '1',
          payload: {
            config: {
              broadcast: { ack: false, self: false },
              presence: { key: '', enabled: false },
              postgres_changes: [],
              private: isPrivate,
            },
            access_token: token,
          },
        }),
      ),
    );
    ws.on('message', (data: Buffer) => {
      const m = JSON.parse(data.toString()) as {
        event?: string;
        ref?: string;
        payload?: { status?: string; response?: { reason?: unknown } };
      };
      if (m.event !== 'phx_reply' || m.ref !== '1') return;
      const reason = m.payload?.response?.reason;
      done(() =>
        resolve({
          ok: m.payload?.status === 'ok',
          reason: typeof reason === 'string' ? reason : '',
        }),
      );
    });
  });
}

/** The Realtime checks for users `a` and `b` (ids and access tokens). */
export function realtimeChecks(
  base: string,
  anonKey: string,
  a: { id: string; token: string },
  b: { id: string; token: string },
): RealtimeCheck[] {
  const headers = {
    apikey: anonKey,
    authorization: `Bearer ${a.token}`,
    'content-type': 'application/json',
  };
  return [
    [
      'realtime private channels',
      async () => {
        const own = await joinReply(base, anonKey, a.token, `user:${a.id}`, true);
        if (own === null)
          return ['skip', 'this project serves no /realtime/v1 (the app then polls)'];
        if (!own.ok)
          return [
            'FAIL',
            `a user may not join their own topic (${own.reason}): apply the migrations`,
          ];
        const theirs = await joinReply(base, anonKey, b.token, `user:${a.id}`, true);
        if (theirs?.ok) return ['FAIL', "another user joined a user's private topic"];
        return ['ok', 'a user joins their own topic; another user is refused it'];
      },
    ],
    [
      'realtime public access off',
      async () => {
        const lobby = await joinReply(base, anonKey, anonKey, 'check-hosted-lobby', false);
        if (lobby === null) return ['skip', 'this project serves no /realtime/v1'];
        return lobby.ok
          ? [
              'FAIL',
              'public channels are open: turn "Allow public access" off (Realtime → Settings)',
            ]
          : ['ok', `a public channel is refused (${lobby.reason || 'error'})`];
      },
    ],
    [
      'realtime broadcast API',
      async () => {
        const res = await fetch(`${base}/realtime/v1/api/broadcast`, {
          method: 'POST',
          headers,
          body: JSON.stringify({
            messages: [{ topic: `user:${a.id}`, event: 'check', payload: {}, private: true }],
          }),
        });
        const text = await res.text();
        if (res.status === 404)
          return ['skip', 'this project serves no /realtime/v1/api/broadcast'];
        return res.status === 202
          ? ['ok', 'answers 202 (a message the policies refuse is skipped, not delivered)']
          : ['FAIL', `answered ${res.status}: ${text.slice(0, 200)}`];
      },
    ],
  ];
}
