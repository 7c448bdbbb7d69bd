import { expect } from './support/test.js';
import { consentInNewTab, oauthTest as test, oauthView } from './support/oauthTest.js';

test('a server that answers 401 at start needs a sign-in, and after consent the person is back on Tools', async ({
  page,
  inspectorUrl,
}, testInfo) => {
  await page.goto(inspectorUrl);
  const { banner } = oauthView(page);
  const pill = page.getByRole('status', { name: 'Connection state' });
  const toolsTab = page.getByRole('tab', { name: 'Tools' });

  // A state of its own: not the red "could not start", not "failed".
  await expect(pill).toHaveText('needs sign-in');
  await expect(
    banner.getByRole('heading', { name: 'This server needs you to sign in (OAuth)' }),
  ).toBeVisible();
  await expect(page.getByRole('alert', { name: 'Server problem' })).toHaveCount(0);
  await expect(page.getByText('could not start')).toHaveCount(0);
  await expect(page.getByText('Sign in to reach this server.')).toBeVisible();
  // Sign in is the main action; what the server answered stays one click away.
  const signInButton = banner.getByRole('button', { name: 'Sign in' });
  await expect(signInButton).toHaveClass(/\bprimary\b/);
  await banner.getByText('What the server answered').click();
  await expect(banner).toContainText('HTTP 401');
  await page.screenshot({ path: testInfo.outputPath('needs-sign-in.png') });

  await signInButton.click();
  // The steps are shown while the sign-in runs…
  await expect(page.getByRole('tab', { name: 'OAuth' })).toHaveAttribute('aria-selected', 'true');
  await expect(pill).toHaveText('signing in…');
  const back = await consentInNewTab(page);
  await expect(back.getByRole('heading', { name: 'Signed in' })).toBeVisible();
  await back.close();

  // …and once signed in, the person is back where they were, with the server's tools.
  await expect(toolsTab).toHaveAttribute('aria-selected', 'true');
  await expect(pill).toHaveText('connected');
  await expect(page.getByRole('listbox', { name: 'Tools' }).getByRole('option').first()).toBeVisible();
  await expect(banner).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('signed-in.png') });
});

test('a person who moved to another tab during the sign-in is not moved again', async ({
  page,
  inspectorUrl,
}) => {
  await page.goto(inspectorUrl);
  const { banner } = oauthView(page);
  await banner.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('tab', { name: 'OAuth' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'Server' }).click();
  (await consentInNewTab(page)).close();
  await expect(page.getByRole('status', { name: 'Connection state' })).toHaveText('connected');
  await expect(page.getByRole('tab', { name: 'Server' })).toHaveAttribute('aria-selected', 'true');
});
