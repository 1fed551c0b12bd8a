import { describe, expect, it } from 'vitest';
import { saveStatusText } from './SaveStatus';

describe('the builder save status', () => {
  it('tells saved on this device apart from synced', () => {
    expect(saveStatusText('saved', false, true)).toBe('✓ Saved on this device · not synced yet');
    expect(saveStatusText('idle', false, true)).toBe('✓ Saved on this device · not synced yet');
    expect(saveStatusText('saved', false, false)).toBe('✓ Saved and synced');
    expect(saveStatusText('idle', false, false)).toBe('✓ Synced');
    expect(saveStatusText('idle', true, true)).toBe('Unsaved changes');
    expect(saveStatusText('saving', true, true)).toBe('Saving…');
    expect(saveStatusText('error', true, true)).toBe('✗ Save failed');
  });
});
