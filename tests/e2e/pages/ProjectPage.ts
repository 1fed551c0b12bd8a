/** Page object of /project/:projectId and its file list. */
import type { Locator, Page } from 'playwright-core';

export class ProjectPage {
  constructor(private readonly page: Page) {}

  files(): Locator {
    return this.page.getByRole('list', { name: 'Project files' }).getByRole('listitem');
  }

  file(name: string): Locator {
    return this.files().filter({ hasText: name });
  }

  /** Attaches files through the Upload File button's chooser. */
  async upload(files: { name: string; mimeType: string; buffer: Buffer }[]): Promise<void> {
    const chooser = this.page.waitForEvent('filechooser');
    await this.page.getByRole('button', { name: 'Upload File' }).click();
    await (await chooser).setFiles(files);
  }
}
