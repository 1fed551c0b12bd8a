/** Page object of /profile. */
import type { Page } from 'playwright-core';

export class ProfilePage {
  constructor(private readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/profile');
    await this.page.getByRole('button', { name: 'Delete my account' }).waitFor();
  }

  field(label: 'First name' | 'Last name' | 'Email' | 'Phone' | 'Address') {
    return this.page.getByLabel(label, { exact: true });
  }

  async save(): Promise<void> {
    await this.page.getByRole('button', { name: 'Save', exact: true }).click();
  }
}
