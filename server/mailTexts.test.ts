/**
 * The mails' texts in both languages from the compiled catalog: the English
 * source word for word, the Spanish written for a US crew, ICU plurals of
 * the invitation's days, and the language chosen from a stored tag.
 */
import { describe, expect, it } from 'vitest';
import {
  alreadyRegisteredMail,
  authLinkMail,
  doorOrderMail,
  mailFallbackName,
  mailLocale,
  projectInviteMail,
  teamInviteMail,
} from '../supabase/functions/_shared/mailTexts.ts';

const LINK = 'https://app.example/invite#token=abc';

describe('mail language', () => {
  it('reads the base language of a stored tag, English for anything else', () => {
    expect(
      ['es', 'es-MX', 'ES_us', ' en-US ', 'fr', '', null, 7, undefined].map(mailLocale),
    ).toEqual(['es', 'es', 'es', 'en', 'en', 'en', 'en', 'en', 'en']);
  });
});

describe('auth mails', () => {
  it('confirm a sign-up in English and in Spanish, the link on its own line', () => {
    expect(authLinkMail('signup', LINK, 'en')).toEqual({
      subject: 'Confirm your signup',
      text: `Follow this link to confirm your email address:\n\n${LINK}\n`,
    });
    expect(authLinkMail('signup', LINK, 'es')).toEqual({
      subject: 'Confirma tu registro',
      text: `Sigue este enlace para confirmar tu correo electrónico:\n\n${LINK}\n`,
    });
  });

  it('reset a password and tell of a second sign-up in Spanish', () => {
    expect(authLinkMail('recovery', LINK, 'es').subject).toBe('Restablece tu contraseña');
    const again = alreadyRegisteredMail(LINK, 'es');
    expect(again.subject).toBe('Ya tienes una cuenta');
    expect(again.text).toContain(`inicia sesión o restablece tu contraseña:\n\n${LINK}\n`);
  });
});

describe('invitation mails', () => {
  it('a homeowner invitation in Spanish: whole sentences with the names in place', () => {
    const mail = projectInviteMail(
      { who: 'Luis Pérez', project: 'Cocina Alvarez', role: 'owner', link: LINK },
      'es',
    );
    expect(mail.subject).toBe('Luis Pérez te invitó a Cocina Alvarez');
    expect(mail.text).toBe(
      'Luis Pérez te invitó a seguir tu proyecto "Cocina Alvarez" en Refacing como dueño de casa: su estado, fotos y el pedido de gabinetes.\n\n' +
        `Abre este enlace para registrarte o iniciar sesión y unirte (funciona una sola vez y vence en 7 días):\n\n${LINK}\n`,
    );
  });

  it('the English invitation is the source text word for word', () => {
    const mail = projectInviteMail(
      { who: 'creator Test', project: 'Alvarez kitchen', role: 'contractor', link: LINK },
      'en',
    );
    expect(mail.subject).toBe('creator Test invited you to Alvarez kitchen');
    expect(mail.text).toContain(
      'creator Test invited you to work on the project "Alvarez kitchen" on Refacing as a contractor',
    );
    expect(mail.text).toContain('(it works once and expires in 7 days)');
  });

  it('plural days in both languages (one and other)', () => {
    const one = { who: 'A', project: 'P', role: 'viewer', link: LINK, days: 1 };
    expect(projectInviteMail(one, 'en').text).toContain('expires in 1 day)');
    expect(projectInviteMail(one, 'es').text).toContain('vence en 1 día)');
    expect(teamInviteMail({ who: 'A', link: LINK, days: 2 }, 'en').text).toContain(
      'expires in 2 days)',
    );
    expect(teamInviteMail({ who: 'A', link: LINK, days: 2 }, 'es').text).toContain(
      'vence en 2 días)',
    );
  });

  it('the fallback names are translated too', () => {
    expect(mailFallbackName('someone', 'es')).toBe('Alguien');
    expect(mailFallbackName('yourOrganization', 'en')).toBe('Your organization');
    expect(teamInviteMail({ who: 'Tu organización', link: LINK }, 'es').subject).toBe(
      'Invitación de equipo: Tu organización te invitó a unirte a su equipo',
    );
  });
});

describe('the door order mailed to its maker', () => {
  const order = {
    who: 'Carlos Test',
    project: 'Kitchen refresh',
    po: 'PO-7',
    parts: 1,
    remake: false,
    note: '',
    orderedOn: '2026-12-01',
    replyTo: 'carlos@example.com',
  };
  it('in English: the PO in the subject, one piece, no note line without a note', () => {
    expect(doorOrderMail(order, 'en')).toEqual({
      subject: 'Door order, PO PO-7, from Carlos Test',
      text:
        'Carlos Test orders 1 piece for the job "Kitchen refresh" (ordered 2026-12-01).\n\nPO number: PO-7\n\n' +
        'The pieces with their finished sizes are in the attached CSV (one table). Reply to this mail to reach Carlos Test at carlos@example.com.\n',
    });
  });
  it('in Spanish, a remake of 3 pieces without a PO, with the note', () => {
    const m = doorOrderMail({ ...order, po: '', parts: 3, remake: true, note: 'Blanco' }, 'es');
    expect(m.subject).toBe('Pedido de reposición de Carlos Test');
    expect(m.text).toContain('vuelve a pedir 3 piezas para el trabajo "Kitchen refresh"');
    expect(m.text).toContain('Nota de Carlos Test:\nBlanco');
    expect(m.text).not.toContain('PO');
  });
});
