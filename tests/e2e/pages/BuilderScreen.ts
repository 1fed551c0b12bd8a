/** Page object of /cabinet-builder/:projectId: role and label locators only. */
import type { Page } from 'playwright-core';

export class BuilderScreen {
  constructor(private readonly page: Page) {}

  field(label: string) {
    return this.page.getByLabel(label, { exact: true });
  }

  finished(part: string) {
    return this.page.getByRole('group', { name: `${part} finished size` });
  }

  hingeRows() {
    return this.page.getByRole('region', { name: 'Framed Cabinet Hinges' }).getByRole('row');
  }

  async addCabinet(type: string) {
    await this.page.getByLabel('Cabinet type').selectOption(type);
    await this.page.getByRole('button', { name: 'Add Cabinet' }).click();
  }

  async measure(part: string, width: string, height: string) {
    await this.field(`${part} Width`).fill(width);
    await this.field(`${part} Height`).fill(height);
  }

  /** Waits until the builder's draft has reached the local database. */
  async waitSaved() {
    await this.page.getByRole('status').getByText('Unsaved changes').waitFor({ state: 'detached' });
  }
}
