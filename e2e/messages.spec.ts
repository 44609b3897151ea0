import { expect, test } from '@playwright/test';
import { ADMIN_EMAIL, readMail, signInAs, toast, uniqueEmail } from './support';

/** The path and query of a link in a mail (its origin is the server's PUBLIC_URL). */
function linkIn(text: string, path: string): string {
  const url = text.match(new RegExp(`https?://\\S+${path}\\?token=[A-Za-z0-9_-]+`))?.[0];
  if (!url) throw new Error(`no ${path} link in the mail`);
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}

// Both screens: a phone (the forms and the admin's tabs in a narrow layout) and a desktop.
for (const viewport of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 900 },
]) {
  test.describe(`messages that arrive (${viewport.name})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('a contact message reaches support and the admin, who answers it by mail', async ({ page }) => {
      const sender = uniqueEmail('contact');
      const subject = `Saved game lost ${viewport.name} ${Date.now()}`;
      const started = Date.now() - 1_000;

      await page.goto('/contact');
      const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Send Message' }) });
      await form.getByRole('button', { name: 'Send Message' }).click();
      await expect(form.getByText('Required').first()).toBeVisible();
      await form.getByLabel('Name').fill('Grace Player');
      await form.getByLabel('Email').fill(sender);
      await form.getByLabel('Subject').fill(subject);
      await form.getByLabel('Message').fill('My level 3 save disappeared after an update.');
      await form.getByRole('button', { name: 'Send Message' }).click();
      await expect(form.getByText("Thank you for your message! We'll answer by e-mail as soon as we can.")).toBeVisible();
      await expect(form.getByLabel('Subject')).toHaveValue('');

      const supportMail = await readMail('support@playfree.invalid', new RegExp(subject), started);
      expect(supportMail.text).toContain('My level 3 save disappeared after an update.');

      await signInAs(page, ADMIN_EMAIL);
      await page.goto('/admin');
      await page.getByRole('tab', { name: /Messages/ }).click();
      const card = page.getByTestId('message').filter({ hasText: subject });
      await expect(card).toBeVisible();
      await expect(card.getByRole('link', { name: sender })).toHaveAttribute('href', `mailto:${sender}`);
      await card.getByLabel('Answer to Grace Player').fill('We restored your save: reload the game.');
      await card.getByRole('button', { name: 'Send answer' }).click();
      await expect(toast(page, 'Answer sent')).toBeVisible();
      await expect(card).toHaveCount(0);

      await page.getByRole('combobox', { name: 'Status' }).click();
      await page.getByRole('option', { name: 'Answered Messages' }).click();
      const answered = page.getByTestId('message').filter({ hasText: subject });
      await expect(answered.getByText('We restored your save: reload the game.')).toBeVisible();
      await expect(answered.getByText(`by ${ADMIN_EMAIL}`)).toBeVisible();

      const answerMail = await readMail(sender, new RegExp(`^Re: ${subject}`), started);
      expect(answerMail.text).toContain('We restored your save: reload the game.');
    });

    test('newsletter: sign up, confirm with the mailed link, then unsubscribe', async ({ page }) => {
      const reader = uniqueEmail('reader');
      const started = Date.now() - 1_000;

      await page.goto('/');
      const section = page.getByRole('region', { name: 'Never miss a new game' });
      await section.getByLabel('Email address for the newsletter').fill(reader);
      await section.getByRole('button', { name: 'Subscribe' }).click();
      await expect(section.getByText('Almost there! Check your inbox to confirm your subscription.')).toBeVisible();

      const mail = await readMail(reader, /Confirm your PlayFree newsletter/, started);
      await page.goto(linkIn(mail.text, '/newsletter/confirm'));
      await expect(page.getByRole('heading', { name: 'You’re subscribed!' })).toBeVisible();
      await expect(page.getByText(reader)).toBeVisible();

      await page.goto(linkIn(mail.text, '/newsletter/unsubscribe'));
      await expect(page.getByRole('heading', { name: 'Unsubscribe from the newsletter?' })).toBeVisible();
      await page.getByRole('button', { name: 'Unsubscribe' }).click();
      await expect(page.getByRole('heading', { name: 'You’re unsubscribed' })).toBeVisible();

      await page.goto(linkIn(mail.text, '/newsletter/confirm'));
      await expect(page.getByRole('heading', { name: 'Confirmation link not valid' })).toBeVisible();
      await expect(page.getByText('This address has unsubscribed')).toBeVisible();
    });
  });
}
