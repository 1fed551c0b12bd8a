import { describe, expect, it } from 'vitest';
import {
  forgetDevice,
  markScreenShown,
  provideSessionActions,
  syncNow,
  type SessionActions,
} from './sessionActions';

describe('session actions', () => {
  it('before the shell provides them: no sync, no mark, and forgetting the device is refused', async () => {
    expect(syncNow()).toBe(false);
    expect(() => markScreenShown()).not.toThrow();
    await expect(forgetDevice('u1')).rejects.toThrow(/No app session/);
  });

  it('once provided, each call reaches the session with its arguments', async () => {
    const calls: string[] = [];
    const session: SessionActions = {
      syncNow: () => {
        calls.push('sync');
        return true;
      },
      screenShown: () => void calls.push('shown'),
      forgetDevice: (userId) => {
        calls.push(`forget ${userId}`);
        return Promise.resolve();
      },
    };
    provideSessionActions(session);
    expect(syncNow()).toBe(true);
    markScreenShown();
    await forgetDevice('u2');
    expect(calls).toEqual(['sync', 'shown', 'forget u2']);
  });
});
