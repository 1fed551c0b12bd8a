import { describe, expect, it } from 'vitest';
import { classifyPostgrest } from './errors';

describe('classifyPostgrest', () => {
  it('a 429 is a server failure (backoff) carrying the wait the server asked for', () => {
    expect(
      classifyPostgrest(
        { code: 'over_request_rate_limit', message: 'busy', details: 'Retry-After: 3' },
        429,
      ),
    ).toEqual({ kind: 'server', code: '429', message: 'busy', retryAfterMs: 3000 });
  });

  it('a 429 without a readable wait asks for 1 s', () => {
    expect(classifyPostgrest({ message: 'Too Many Requests' }, 429)).toMatchObject({
      kind: 'server',
      retryAfterMs: 1000,
    });
  });

  it('other refusals are unchanged: 413 rejected with its code, 503 server without a wait', () => {
    expect(classifyPostgrest({ code: 'PGRST413', message: 'too large' }, 413)).toEqual({
      kind: 'rejected',
      code: 'PGRST413',
      message: 'too large',
    });
    expect(classifyPostgrest({ message: 'down' }, 503)).toEqual({
      kind: 'server',
      code: '503',
      message: 'down',
    });
  });
});
