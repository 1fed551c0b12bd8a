import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import { DOMAIN_TEXTS, domainText } from './domainTexts';

afterEach(() => i18n.activate('en'));

describe('the domain’s fixed texts through Lingui', () => {
  it('each message’s English is the domain’s text, word for word (the English catalog)', () => {
    i18n.activate('en');
    for (const [english, message] of Object.entries(DOMAIN_TEXTS))
      expect(i18n._(message)).toBe(english);
  });

  it('reads in Spanish when Spanish is shown; an unlisted text comes back as it is', () => {
    i18n.activate('es');
    expect(domainText('Passwords do not match')).toBe('Las contraseñas no coinciden');
    expect(domainText('Homeowner')).toBe('Dueño de casa');
    expect(domainText('Some server sentence')).toBe('Some server sentence');
    expect(domainText(null)).toBeNull();
  });
});
