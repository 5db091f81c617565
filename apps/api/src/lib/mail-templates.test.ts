import { PRODUCT_NAME } from '@kora/shared';
import { describe, expect, it } from 'vitest';
import {
  absoluteLogoUrl,
  invitationEmail,
  memberEmailLayout,
  memberTextEmail,
  resetPasswordEmail,
  verificationCodeEmail,
} from './mail-templates';

describe("Kora's own e-mails to Kora users", () => {
  it('a verification code, a reset and an invitation carry Kora and the Kora account footer', () => {
    const mails = [
      verificationCodeEmail('Ada', '1234567'),
      resetPasswordEmail('Ada', 'https://app.kora.ng/set-password?token=t'),
      invitationEmail({
        businessName: 'Iron Temple',
        inviterName: 'Bola Ade',
        role: 'staff',
        url: 'https://app.kora.ng/set-password?token=t',
      }),
    ];
    for (const mail of mails) {
      expect(mail.html).toContain(`>${PRODUCT_NAME}</td>`);
      expect(mail.html).toContain(`your ${PRODUCT_NAME} account`);
    }
    expect(mails[0]!.html).toContain('1234567');
  });
});

describe("a gym's e-mail to its members", () => {
  it("shows the gym's logo and name, escaped, and says why the member receives it", () => {
    const html = memberEmailLayout({
      gym: { name: 'Iron "Temple" <Gym>', logoUrl: 'https://cdn.example.ng/logo.png?a=1&b=2' },
      title: 'Your membership at Iron Temple',
      preheader: 'Hello',
      body: '<p>Hello</p>',
    });
    expect(html).toContain('<img src="https://cdn.example.ng/logo.png?a=1&amp;b=2"');
    expect(html).toContain('Iron &quot;Temple&quot; &lt;Gym&gt;</span>');
    expect(html).toContain('You received this e-mail as a member of Iron &quot;Temple&quot;');
    expect(html).not.toContain(PRODUCT_NAME);
    expect(html).not.toContain('account');
  });
});

describe('absoluteLogoUrl', () => {
  it("puts a plain-text message in the gym's frame: paragraphs, escaped, its link clickable", () => {
    const html = memberTextEmail({
      gym: { name: 'Iron Temple', logoUrl: null },
      subject: 'Join Iron Temple',
      text: 'Hi <Ada>, pay here: https://gym.example/pay/abc?x=1&y=2.\n\nSee you & thanks',
    });
    expect(html).toContain('<title>Join Iron Temple</title>');
    expect(html).toContain(
      '<p>Hi &lt;Ada&gt;, pay here: <a href="https://gym.example/pay/abc?x=1&amp;y=2" style="color:#0f766e">https://gym.example/pay/abc?x=1&amp;y=2</a>.</p><p>See you &amp; thanks</p>',
    );
    expect(html).toContain('You received this e-mail as a member of Iron Temple.');
    expect(html).not.toMatch(/Kora/i);
  });

  it('puts an uploaded logo on the app address; keeps http(s); refuses anything else', () => {
    const app = 'https://app.kora.ng';
    expect(absoluteLogoUrl('/uploads/business_logo/a.webp', app)).toBe(
      'https://app.kora.ng/uploads/business_logo/a.webp',
    );
    expect(absoluteLogoUrl('/uploads/a.webp', 'http://localhost:3000/')).toBe(
      'http://localhost:3000/uploads/a.webp',
    );
    expect(absoluteLogoUrl('https://bucket.example/a.png', app)).toBe(
      'https://bucket.example/a.png',
    );
    for (const bad of [
      null,
      '',
      'javascript:alert(1)',
      '//evil.example/a.png',
      'data:image/png;base64,AAAA',
      '/uploads/a b.png',
      'https://x.example/a.png" onerror="alert(1)',
    ])
      expect(absoluteLogoUrl(bad, app)).toBeNull();
  });
});
