import { describe, expect, it } from 'vitest';
import { messageBodyError, messageLength, messageSegments } from './messageText';

describe('messageBodyError', () => {
  it.each([
    ['', 'empty'],
    [' \n\t ', 'empty'],
    ['x'.repeat(4001), 'tooLong'],
    ['\n'.repeat(9_999) + 'x', 'tooLong'],
    ['x'.repeat(4000), null],
    ['🚪'.repeat(4000), null],
    ['Doors Friday', null],
  ])('%#', (body, error) => {
    expect(messageBodyError(body)).toBe(error);
  });

  it('counts code points, as the database does', () => {
    expect(messageLength('🚪a')).toBe(2);
  });
});

describe('messageSegments', () => {
  const join = (body: string) =>
    messageSegments(body)
      .map((s) => s.text)
      .join('');

  it('finds links, email addresses and phone numbers; the texts give the body back', () => {
    const body =
      'Call (555) 123-4567 or 555.987.6543, see https://example.com/doors?x=1 and mail me@example.com';
    const segs = messageSegments(body);
    expect(join(body)).toBe(body);
    expect(segs.filter((s) => s.kind !== 'text')).toEqual([
      { kind: 'phone', text: '(555) 123-4567', href: 'tel:+15551234567' },
      { kind: 'phone', text: '555.987.6543', href: 'tel:+15559876543' },
      {
        kind: 'link',
        text: 'https://example.com/doors?x=1',
        href: 'https://example.com/doors?x=1',
      },
      { kind: 'email', text: 'me@example.com', href: 'mailto:me@example.com' },
    ]);
  });

  it('a bare domain links over http; +1 numbers keep their digits', () => {
    expect(messageSegments('example.com +1 555 123 4567')).toEqual([
      { kind: 'link', text: 'example.com', href: 'http://example.com' },
      { kind: 'text', text: ' ' },
      { kind: 'phone', text: '+1 555 123 4567', href: 'tel:+15551234567' },
    ]);
  });

  it('leaves sizes, order numbers, HTML and script URLs as text', () => {
    for (const body of [
      '14 1/2 x 30 1/4, 3 doors',
      'Order 123456789012 is in',
      '<script>alert(1)</script>',
      'javascript:alert(1)',
      '<a href="javascript:alert(1)">x</a>',
    ]) {
      expect(messageSegments(body).every((s) => s.kind === 'text')).toBe(true);
      expect(join(body)).toBe(body);
    }
  });

  it('an empty body has no runs', () => {
    expect(messageSegments('')).toEqual([]);
  });
});
