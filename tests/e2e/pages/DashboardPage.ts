/** Page object of /dashboard: cards, chips, search, create/edit/delete modals, status editor. */
import type { Locator, Page } from 'playwright-core';

export interface ProjectFields {
  name?: string;
  projectType?: string;
  address?: string;
  phone?: string;
  email?: string;
  description?: string;
  scopes?: string[];
  budget?: string;
  customBudget?: string;
  status?: string;
}

export class DashboardPage {
  constructor(private readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/dashboard');
    await this.page.getByRole('heading', { name: /^Welcome, / }).waitFor();
  }

  heading(): Locator {
    return this.page.getByRole('heading', { name: /^Welcome, / });
  }

  dialog(): Locator {
    return this.page.getByRole('dialog');
  }

  /** Fills the create/edit form inside the open dialog (contractor labels where they differ). */
  async fill(f: ProjectFields): Promise<void> {
    const d = this.dialog();
    if (f.name !== undefined) await d.getByLabel(/^(Project name|Customer name)$/).fill(f.name);
    if (f.address !== undefined) await d.getByLabel('Address', { exact: true }).fill(f.address);
    if (f.phone !== undefined) await d.getByLabel('Phone').fill(f.phone);
    if (f.email !== undefined) await d.getByLabel('Email').fill(f.email);
    if (f.projectType !== undefined) await d.getByLabel('Project type').selectOption(f.projectType);
    if (f.status !== undefined) await d.getByLabel('Status').selectOption(f.status);
    for (const s of f.scopes ?? []) await d.getByRole('checkbox', { name: s }).check();
    if (f.budget !== undefined) await d.getByLabel('Budget').selectOption(f.budget);
    if (f.customBudget !== undefined) await d.getByLabel('Custom budget').fill(f.customBudget);
    if (f.description !== undefined) await d.getByLabel('Description').fill(f.description);
  }

  async submitDialog(): Promise<void> {
    await this.dialog()
      .getByRole('button', { name: /^(Create Project|Add Project|Save Changes)$/ })
      .click();
  }

  card(name: string): Locator {
    return this.page.getByRole('article', { name });
  }

  cards(): Locator {
    return this.page.getByRole('article');
  }

  chip(label: string): Locator {
    return this.page
      .getByRole('group', { name: 'Filter by status' })
      .getByRole('button', { name: new RegExp(`^${label} \\(`) });
  }

  search(): Locator {
    return this.page.getByRole('searchbox', { name: 'Search projects' });
  }

  async deleteProject(name: string): Promise<void> {
    await this.card(name)
      .getByRole('button', { name: `Delete ${name}` })
      .click();
    await this.dialog()
      .getByText('Do you really want to delete this project? This process cannot be undone.')
      .waitFor();
    await this.dialog().getByRole('button', { name: 'Delete' }).click();
    await this.card(name).waitFor({ state: 'detached' });
  }

  async changeStatus(name: string, status: string): Promise<void> {
    await this.card(name)
      .getByRole('button', { name: /^Status: / })
      .click();
    await this.card(name).getByLabel(`New status for ${name}`).selectOption(status);
    await this.card(name).getByRole('button', { name: 'Confirm' }).click();
  }
}
