import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import { textFieldError } from '../domain/userText';
import { DOMAIN_TEXTS, domainText, tooLongMessage } from './domainTexts';

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

describe('the one too-long message, every form', () => {
  const long = (n: number) => 'x'.repeat(n);

  it('English: the spec’s words, the limit with its grouping', () => {
    i18n.activate('en');
    expect(domainText(textFieldError('projects.name', long(201)) ?? null)).toBe(
      'Keep this to 200 characters (it has 201)',
    );
    expect(domainText(textFieldError('projects.details.description', long(4001)) ?? null)).toBe(
      'Keep this to 4,000 characters (it has 4,001)',
    );
    expect(tooLongMessage(1)).toBe('Keep this to 1 character');
    expect(tooLongMessage(1, 2)).toBe('Keep this to 1 character (it has 2)');
  });

  it('Spanish: ICU plural on the limit, from the same domain text', () => {
    i18n.activate('es');
    expect(domainText(textFieldError('profiles.first_name', long(101)) ?? null)).toBe(
      'Deja esto en 100 caracteres como máximo (tiene 101)',
    );
    expect(tooLongMessage(1)).toBe('Deja esto en 1 carácter como máximo');
    expect(tooLongMessage(1, 3)).toBe('Deja esto en 1 carácter como máximo (tiene 3)');
  });
});
