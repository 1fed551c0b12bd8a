import { describe, expect, it } from 'vitest';
import { isMixedScript, safeLink } from './linkDisplay';
import { messageSegments } from './messageText';

const links = (body: string) =>
  messageSegments(body)
    .filter((s) => s.kind === 'link')
    .map((s) => ({ text: s.text, href: 'href' in s ? s.href : '' }));

describe('links that cannot pretend', () => {
  it('takes bidi controls out of a link’s text and address', () => {
    const [link] = links('see https://example.com/\u202Efdp.exe for the plans');
    expect(link!.text).not.toMatch(/[\u200E\u200F\u202A-\u202E\u2066-\u2069]/);
    expect(link!.href).not.toMatch(/[\u202A-\u202E]/);
    expect(safeLink('https://exa\u2066mple.com', 'https://exa\u2066mple.com')).toEqual({
      text: 'https://example.com',
      href: 'https://example.com',
    });
  });

  it('shows a mixed-script host in punycode, keeps a single-script one as written', () => {
    // "аpple.com" with a Cyrillic а (U+0430).
    const [spoof] = links('log in at https://\u0430pple.com/account');
    expect(spoof!.text).toBe('https://xn--pple-43d.com/account');
    expect(new URL(spoof!.href).hostname).toBe('xn--pple-43d.com');
    const [bare] = links('or \u0430pple.com');
    expect(bare!.text).toBe('xn--pple-43d.com');
    expect(links('https://пример.рф/путь')[0]!.text).toBe('https://пример.рф/путь');
    expect(links('https://bücher.de')[0]!.text).toBe('https://bücher.de');
    expect(links('https://example.com/a?b=1')[0]!.text).toBe('https://example.com/a?b=1');
  });

  it('knows a mixed-script label', () => {
    expect(isMixedScript('\u0430pple')).toBe(true);
    expect(isMixedScript('paypal')).toBe(false);
    expect(isMixedScript('пример')).toBe(false);
    expect(isMixedScript('日本のカタカナ')).toBe(false);
    expect(isMixedScript('gοogle')).toBe(true); // Greek omicron
  });
});
