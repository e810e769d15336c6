import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { moa } from './catalogue-helpers';
import { auditEntries, newAdmin, shot } from './operator-helpers';

async function listedNames(request: APIRequestContext): Promise<string[]> {
  const response = await request.get('/api/v1/products?limit=100');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { productPayloads: Array<{ name: string }> }).productPayloads.map(
    (card) => card.name,
  );
}

for (const width of [390, 1280]) {
  test.describe(`projects in the operator console at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 900 } });

    test('an admin creates a draft, previews it as investors will see it, publishes it, and it appears on /projects', async ({
      page,
      context,
      request,
      baseURL,
      consoleErrors,
    }) => {
      test.setTimeout(180_000);
      const name = `Busan Harbour Noodles ${width}`;
      const adminEmail = `projects-admin-${width}@example.com`;
      const admin = await newAdmin(request, adminEmail);
      await context.addCookies([{ name: 'access_token', value: admin.accessToken, url: baseURL!, secure: true }]);

      await page.goto('/operator/projects');
      await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
      await expect(page.getByTestId('project-state').filter({ visible: true }).first()).toBeVisible();
      await shot(page, `projects-list-${width}`);

      // A new project, saved as a draft.
      await page.getByTestId('project-new').click();
      await expect(page.getByRole('heading', { level: 1, name: 'New project' })).toBeVisible();
      // A name over the limit is refused by the server's schema, naming the field.
      await page.getByLabel('Name', { exact: true }).fill('x'.repeat(121));
      await page.getByLabel('Token name (capitals)').fill('NOODLE');
      await page.getByLabel('Description', { exact: true }).fill('A share of a noodle bar by the harbour in Busan.');
      await page.getByLabel(/^Price per token/).fill('25');
      await page.getByLabel('Tokens for sale').fill('4000');
      await page.getByLabel(/^Minimum investment/).fill('25');
      await page.getByLabel('Risk disclaimer').fill('Restaurants can close; you may lose money.');
      await page.getByTestId('project-save').click();
      await expect(page.getByTestId('project-error')).toContainText('body.name');

      await page.getByLabel('Name', { exact: true }).fill(name);
      await page.getByTestId('add-faqs').click();
      await page.getByLabel('Title').fill('Where is it?');
      await page.getByLabel('Description').nth(1).fill('On the pier at Jagalchi market.');
      await shot(page, `projects-new-${width}`);
      await page.getByTestId('project-save').click();
      await expect(page.getByTestId('project-title')).toHaveText(name);
      await expect(page.getByTestId('project-state')).toHaveText('Draft');
      await expect(page).toHaveURL(/\/operator\/projects\/\d+$/);
      const projectId = /\/operator\/projects\/(\d+)$/.exec(page.url())![1]!;
      expect(await listedNames(request)).not.toContain(name);
      await shot(page, `projects-edit-${width}`);

      // A logo by upload: its address fills the field, and saving the project uses it.
      await page
        .getByLabel('Upload an image for Logo address')
        .setInputFiles(path.resolve('public/icons/apple-touch-icon.png'));
      await expect(page.getByText('Uploaded: save the project to use it.')).toBeVisible();
      const logoField = page.getByLabel('Logo address', { exact: true });
      await expect(logoField).toHaveValue(/^\/api\/v1\/project-images\/[0-9a-f]{64}\.png$/);
      const logoUrl = await logoField.inputValue();
      await page.getByTestId('project-save').click();
      // The draft's first save may still show its own toast; the preview below shows the logo saved.
      await expect(page.getByText('Saved.', { exact: true }).last()).toBeVisible();
      await expect(page.getByLabel('Logo address', { exact: true })).toHaveValue(logoUrl);

      // Documents: one added, then replaced by a new version; a file that is not a PDF is refused.
      const documents = page.getByTestId('project-documents');
      await documents.getByLabel('Document name').fill('Offering memorandum');
      await documents.getByLabel('File (PDF)', { exact: true }).setInputFiles({
        name: 'memorandum.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('%PDF-1.4\n% the first memorandum\n'),
      });
      await documents.getByTestId('document-add').click();
      await expect(documents.getByTestId('project-document')).toHaveCount(1);
      await expect(documents.getByTestId('project-document')).toContainText('Offering memorandum');
      await documents.getByRole('button', { name: 'Replace with a new PDF: Offering memorandum' }).click();
      const replaceForm = documents.getByRole('form', { name: 'Replace Offering memorandum' });
      const replacement = replaceForm.getByLabel('New version (PDF)');
      await replacement.setInputFiles(path.resolve('public/icons/apple-touch-icon.png'));
      await replaceForm.getByRole('button', { name: 'Upload the new version' }).click();
      await expect(replaceForm.getByRole('alert')).toContainText('PDF');
      await replacement.setInputFiles({
        name: 'memorandum-v2.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('%PDF-1.4\n% revised use of proceeds\n'),
      });
      await replaceForm.getByLabel('What changed (shown to investors)').fill('Revised use of proceeds');
      await replaceForm.getByRole('button', { name: 'Upload the new version' }).click();
      const history = documents.getByRole('list', { name: 'Versions of Offering memorandum' });
      await expect(history.getByRole('listitem')).toHaveCount(2);
      await expect(history.getByRole('listitem').first()).toContainText('Version 2');
      await expect(history.getByRole('listitem').first()).toContainText('Current');
      await expect(history.getByRole('listitem').first()).toContainText('Revised use of proceeds');
      await expect(history.getByRole('link', { name: 'Download Offering memorandum, version 1' })).toBeVisible();
      await documents.scrollIntoViewIfNeeded();
      await shot(page, `projects-documents-${width}`);

      // The preview is the investors' page of the draft.
      await page.getByTestId('project-preview-link').click();
      await expect(page.getByTestId('project-preview-note')).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect(page.getByTestId('project-preview')).toContainText('Where is it?');
      // The uploaded logo is on the page, loaded.
      const previewLogo = page.getByTestId('project-preview').locator(`img[src="${logoUrl}"]`).first();
      await expect(previewLogo).toBeVisible();
      await expect
        .poll(() => previewLogo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
        .toBe(true);
      await shot(page, `projects-preview-${width}`);

      // Published: investors see it on /projects.
      await page.getByRole('link', { name: 'Back to editing' }).click();
      await page.getByTestId('project-publish').click();
      await expect(page.getByTestId('project-state')).toHaveText('Published');
      await expect(page.getByTestId('cap-table-total')).toContainText('0 of 4000 NOODLE');
      expect(await listedNames(request)).toContain(name);
      await expect(page.getByTestId('project-documents')).toContainText('Offering memorandum');

      await page.goto('/projects');
      await expect(page.getByText(name).first()).toBeVisible();
      // The audit log names the operator on each step: created as a draft, then published.
      await page.goto(`/operator/audit?actor=${encodeURIComponent(adminEmail)}&action=PROJECT_`);
      await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
      await expect(auditEntries(page, width, 'PROJECT_CREATED', `operator:${adminEmail}`, name)).toHaveCount(1);
      await expect(auditEntries(page, width, 'PROJECT_PUBLISHED', `operator:${adminEmail}`)).toHaveCount(1);
      await shot(page, `projects-audit-${width}`);
      // The refusals are the over-long name and the image sent as a document above, which the
      // browser logs as failed requests.
      expect(
        consoleErrors.filter(
          (error) => !error.includes('400 (Bad Request)') && !error.includes('415 (Unsupported Media Type)'),
        ),
      ).toEqual([]);
      expect(consoleErrors).toHaveLength(2);

      // Hidden again, so the specs after this one meet the demo catalogue they count on (lists,
      // searches). A published project harms no page's first paint (e2e/hydration-ko.spec.ts).
      moa('project:hide', projectId);
      expect(await listedNames(request)).not.toContain(name);
    });
  });
}
