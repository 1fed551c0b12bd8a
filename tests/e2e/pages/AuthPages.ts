/**
 * Page objects of the public auth screens: sign up, sign in, forgot and
 * reset password. Role and label locators only.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { newContext } from '../support/browser';
import type { AppSuite } from '../support/suite';
import type { AppServer } from '../support/appServer';

export interface NewUser {
  role: 'homeowner' | 'contractor' | 'org_admin';
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

let counter = 0;
/** A unique new user for this run. */
export function newUser(role: NewUser['role'], firstName = 'Test'): NewUser {
  counter += 1;
  return {
    role,
    firstName,
    lastName: `${role}-user`,
    email: `${role}.${Date.now().toString(36)}.${counter}@example.test`,
    password: 'secret-pass-1',
  };
}

export class SignupPage {
  constructor(private readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/signup');
    await this.page.getByRole('heading', { name: 'Create your account' }).waitFor();
  }

  async fill(u: Partial<NewUser> & { confirm?: string }): Promise<void> {
    const p = this.page;
    if (u.role) await p.getByLabel('I am a').selectOption(u.role);
    await p.getByLabel('First name').fill(u.firstName ?? '');
    await p.getByLabel('Last name').fill(u.lastName ?? '');
    await p.getByLabel('Email').fill(u.email ?? '');
    await p.getByLabel('Password', { exact: true }).fill(u.password ?? '');
    await p.getByLabel('Confirm password').fill(u.confirm ?? u.password ?? '');
  }

  async submit(): Promise<void> {
    await this.page.getByRole('button', { name: 'Sign Up' }).click();
  }

  alert() {
    return this.page.getByRole('alert');
  }

  /** Signs up and confirms by the emailed link; ends on the dashboard. */
  async signUpAndConfirm(server: AppServer, u: NewUser): Promise<void> {
    await this.open();
    await this.fill(u);
    await this.submit();
    await this.page.getByRole('heading', { name: 'Check your email!' }).waitFor();
    const link = await server.waitForMailLink(u.email, /confirm/i);
    await this.page.goto(link);
    await this.page.getByRole('heading', { name: /^Welcome, / }).waitFor();
  }
}

export class LoginPage {
  constructor(private readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/login');
    await this.page.getByRole('heading', { name: 'Sign In' }).waitFor();
  }

  async signIn(email: string, password: string): Promise<void> {
    await this.page.getByLabel('Email').fill(email);
    await this.page.getByLabel('Password').fill(password);
    await this.page.getByRole('button', { name: 'Sign In' }).click();
  }

  /** Opens /login, signs in and waits for the dashboard. */
  async signInToDashboard(email: string, password: string): Promise<void> {
    await this.open();
    await this.signIn(email, password);
    await this.page.getByRole('heading', { name: /^Welcome, / }).waitFor();
  }

  alert() {
    return this.page.getByRole('alert');
  }
}

export class TopBar {
  constructor(private readonly page: Page) {}

  async openMenu(): Promise<void> {
    await this.page.getByRole('button', { name: /^Account menu for / }).click();
  }

  async logout(): Promise<void> {
    await this.openMenu();
    await this.page.getByRole('button', { name: 'Logout' }).click();
    await this.page.waitForURL((u) => u.pathname === '/');
  }

  async goToProfile(): Promise<void> {
    await this.openMenu();
    await this.page.getByRole('link', { name: 'My Profile' }).click();
    await this.page.waitForURL('**/profile');
  }
}

/** A browser context of its own at `viewport`, signed in as `creds` and on the dashboard. */
export async function signedInDevice(
  e2e: AppSuite,
  creds: { email: string; password: string },
  viewport: { width: number; height: number },
): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await newContext(e2e.browser, { baseURL: e2e.server.url, viewport });
  const page = await ctx.newPage();
  await new LoginPage(page).signInToDashboard(creds.email, creds.password);
  return { ctx, page };
}
