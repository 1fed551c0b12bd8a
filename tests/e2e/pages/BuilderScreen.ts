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

  cabinet(number: number) {
    return this.page.getByRole('article', { name: `Cabinet ${number}`, exact: true });
  }

  /** The scale drawing of a cabinet ("Cabinet 2 drawing: Base 1/1"). */
  drawing(number: number) {
    return this.page.getByRole('group', { name: new RegExp(`^Cabinet ${number} drawing: `) });
  }

  keypad() {
    return this.page.getByRole('group', { name: 'Tape keypad' });
  }

  /** Taps keys of the tape keypad by their names ("1", "3/8", "Space", "Next", "Sixteenths", "Backspace"). */
  async tapKeys(...keys: string[]) {
    for (const key of keys)
      await this.keypad().getByRole('button', { name: key, exact: true }).tap();
  }

  actionBar() {
    return this.page.getByRole('region', { name: 'Builder actions' });
  }

  navigator() {
    return this.page.getByRole('navigation', { name: 'Cabinets in this job' });
  }

  async addCabinet(type: string) {
    await this.page.getByLabel('Cabinet type').selectOption(type);
    await this.page.getByRole('button', { name: 'Add Cabinet' }).click();
  }

  async measure(part: string, width: string, height: string) {
    await this.field(`${part} Width`).fill(width);
    await this.field(`${part} Height`).fill(height);
  }

  /** True when the labelled field has focus. */
  async isFocused(label: string) {
    return this.field(label).evaluate((el) => el === document.activeElement);
  }

  /** Waits until the builder's draft has reached the local database. */
  async waitSaved() {
    await this.page.getByRole('status').getByText('Unsaved changes').waitFor({ state: 'detached' });
  }
}
