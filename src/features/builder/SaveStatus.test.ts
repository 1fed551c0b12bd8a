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

  it('never says synced while a change of the job is refused, waiting or too long to save', () => {
    expect(saveStatusText('idle', false, false, { refused: true })).toBe(
      '! Not accepted by the server',
    );
    expect(saveStatusText('saved', false, true, { refused: true })).toBe(
      '! Not accepted by the server',
    );
    expect(saveStatusText('idle', true, false, { tooLong: ['NRS', 'PO number'] })).toBe(
      '✗ Not saved: NRS, PO number too long',
    );
    expect(saveStatusText('idle', false, true, { refused: false })).toBe(
      '✓ Saved on this device · not synced yet',
    );
    expect(saveStatusText('idle', false, false, { refused: false, tooLong: [] })).toBe('✓ Synced');
  });
});
