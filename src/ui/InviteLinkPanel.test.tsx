// @vitest-environment jsdom
/** The link of a sent invitation as the inviter meets it: the link itself, Copy, Share only where the device has it, and a QR code that decodes to the link's text. */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import QRCode from 'qrcode';
import { InviteLinkPanel } from './InviteLinkPanel';

const LINK = 'https://app.example/invite#token=abcDEF_123-xyz';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('InviteLinkPanel', () => {
  it('shows the link, copies it, and draws its QR code', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    render(
      <InviteLinkPanel
        sent={{ email: 'maria@example.com', link: LINK, mailed: true, mailProblem: null }}
        onClose={() => {}}
      />,
    );
    expect(screen.getByLabelText<HTMLInputElement>('Invitation link').value).toBe(LINK);
    expect(screen.getByText(/Invitation mailed to maria@example.com/)).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(LINK);
    expect(await screen.findByText('Link copied')).toBeDefined();
    const img = await screen.findByAltText<HTMLImageElement>(
      'QR code of the invitation link for maria@example.com',
    );
    // The same library and options draw the same symbol: the image is the link's QR code.
    const expected = await QRCode.toDataURL(LINK, {
      errorCorrectionLevel: 'M',
      margin: 2,
      width: 240,
    });
    expect(img.src).toBe(expected);
  });

  it('without mail, says no mail was sent and why; Share where the device has it', async () => {
    const share = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { share, clipboard: { writeText: vi.fn() } });
    render(
      <InviteLinkPanel
        sent={{
          email: 'joe@example.com',
          link: LINK,
          mailed: false,
          mailProblem: 'invite.mail_not_configured',
        }}
        onClose={() => {}}
      />,
    );
    expect(
      screen.getByText(
        'No mail was sent to joe@example.com. No mail is set up for invitations. Pass the link on yourself:',
      ),
    ).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledWith({ title: 'Join on Refacing', url: LINK });
    await screen.findByAltText('QR code of the invitation link for joe@example.com');
  });
});
