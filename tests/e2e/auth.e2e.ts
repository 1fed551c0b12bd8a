/**
 * Sign up as each role and confirm by the emailed link, sign in and out,
 * every sign in/up validation text (product rules "Input checks"), route guards (product rules "Screens and routes"), and a
 * forgotten password reset by the emailed link.
 */
import { describe, expect, it } from 'vitest';
import { appSuite } from './support/suite';
import { newContext } from './support/browser';
import { LoginPage, SignupPage, TopBar, newUser } from './pages/AuthPages';

const e2e = appSuite({ seed: false });

describe('sign up', () => {
  it('shows every validation text of product rules "Input checks" before calling the provider', async () => {
    const ctx = await newContext(e2e.browser, { baseURL: e2e.server.url });
    const page = await ctx.newPage();
    const signup = new SignupPage(page);
    const u = newUser('homeowner');
    await signup.open();

    await signup.fill({ ...u, firstName: '' });
    await signup.submit();
    await expect(signup.alert().textContent()).resolves.toBe('Please fill in all required fields');

    await signup.fill({ ...u, password: '12345', confirm: '12345' });
    await signup.submit();
    await page
      .getByRole('alert')
      .getByText('Password must be at least 6 characters long')
      .waitFor();

    await signup.fill({ ...u, confirm: 'something-else' });
    await signup.submit();
    await page.getByRole('alert').getByText('Passwords do not match').waitFor();

    await expect(page.getByLabel('I am a').locator('option').allTextContents()).resolves.toEqual([
      'Homeowner',
      'Contractor',
      'Organization',
    ]);
    await ctx.close();
  });

  for (const role of ['homeowner', 'contractor', 'org_admin'] as const) {
    it(`signs up as ${role}, confirms by the emailed link and sees the ${role} dashboard`, async () => {
      const ctx = await newContext(e2e.browser, { baseURL: e2e.server.url });
      const page = await ctx.newPage();
      const u = newUser(
        role,
        role === 'org_admin' ? 'Olga' : role === 'contractor' ? 'Carl' : 'Hana',
      );
      await new SignupPage(page).signUpAndConfirm(e2e.server, u);
      await page.getByRole('heading', { name: `Welcome, ${u.firstName}` }).waitFor();
      const badge =
        role === 'org_admin' ? 'Organization' : role === 'contractor' ? 'Contractor' : 'Homeowner';
      await page.getByText(badge, { exact: true }).waitFor();
      if (role === 'homeowner') {
        await page.getByRole('button', { name: 'Create New Project' }).waitFor();
        expect(await page.getByRole('group', { name: 'Filter by status' }).count()).toBe(0);
      } else {
        await page.getByRole('button', { name: 'Add Client Project' }).waitFor();
        await page.getByRole('searchbox', { name: 'Search projects' }).waitFor();
      }
      await page.getByText('No projects found.').waitFor();
      await page.getByRole('button', { name: 'Create Your First Project' }).waitFor();
      await ctx.close();
    });
  }

  it('shows the provider message in the form for a wrong password', async () => {
    const ctx = await newContext(e2e.browser, { baseURL: e2e.server.url });
    const page = await ctx.newPage();
    const u = newUser('contractor');
    await new SignupPage(page).signUpAndConfirm(e2e.server, u);
    await new TopBar(page).logout();
    const login = new LoginPage(page);
    await login.open();
    await login.signIn(u.email, 'wrong-password');
    const text = await login.alert().textContent();
    expect(text && text.length).toBeGreaterThan(0);
    await ctx.close();
  });
});

describe('sign in, guards and sign out', () => {
  it('validates, signs in, guards protected routes and signs out', async () => {
    const ctx = await newContext(e2e.browser, { baseURL: e2e.server.url });
    const page = await ctx.newPage();

    // Guard: signed out, a protected (or unknown) path goes to /.
    await page.goto('/dashboard');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { name: 'Features' }).waitFor();
    await page.goto('/no/such/page');
    await page.waitForURL((url) => url.pathname === '/');

    const u = newUser('homeowner', 'Ivy');
    await new SignupPage(page).signUpAndConfirm(e2e.server, u);
    await new TopBar(page).logout();

    const login = new LoginPage(page);
    await login.open();
    await login.signIn('', '');
    await page.getByRole('alert').getByText('Please fill in all required fields').waitFor();
    await login.signIn(u.email, '123');
    await page
      .getByRole('alert')
      .getByText('Password must be at least 6 characters long')
      .waitFor();
    await login.signIn(u.email, u.password);
    await page.getByRole('heading', { name: 'Welcome, Ivy' }).waitFor();

    // Unknown paths fall into the protected group (→ dashboard when signed in).
    await page.goto('/no/such/page');
    await page.waitForURL('**/dashboard');

    await new TopBar(page).logout();
    await page.goto('/profile');
    await page.waitForURL((url) => url.pathname === '/');
    await ctx.close();
  });
});

describe('forgotten password', () => {
  it('resets the password by the emailed link and signs in with the new one', async () => {
    const ctx = await newContext(e2e.browser, { baseURL: e2e.server.url });
    const page = await ctx.newPage();
    const u = newUser('contractor', 'Rita');
    await new SignupPage(page).signUpAndConfirm(e2e.server, u);
    await new TopBar(page).logout();

    const login = new LoginPage(page);
    await login.open();
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await page.getByLabel('Email').fill(u.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByRole('heading', { name: 'Check your email!' }).waitFor();

    const link = await e2e.server.waitForMailLink(u.email, /reset/i);
    await page.goto(link);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await page.getByLabel('New password', { exact: true }).fill('brand-new-1');
    await page.getByLabel('Confirm new password').fill('brand-new-2');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await page.getByRole('alert').getByText('Passwords do not match').waitFor();
    await page.getByLabel('Confirm new password').fill('brand-new-1');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await page.getByRole('heading', { name: 'Password updated' }).waitFor();
    await page.getByRole('button', { name: 'Go to My Dashboard' }).click();
    await new TopBar(page).logout();

    await login.open();
    await login.signIn(u.email, u.password);
    await login.alert().waitFor();
    await login.signIn(u.email, 'brand-new-1');
    await page.getByRole('heading', { name: 'Welcome, Rita' }).waitFor();
    await ctx.close();
  });
});
