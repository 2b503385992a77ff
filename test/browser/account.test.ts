/**
 * The player's own account in a browser: reached from the header by keyboard, a new password
 * refused while too short or without the right current one, then changed, and the next sign-in
 * taking the new one.
 */
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPlayer, registerThroughForm, type Service, useServiceAndBrowser } from './harness';

let service: Service;
let browser: Browser;

useServiceAndBrowser({}, async (started, launched) => {
  [service, browser] = [started, launched];
});

describe('the account screen', () => {
  it('changes the password after proving the current one, and the next sign-in takes the new one', async () => {
    const player = await newPlayer(browser, service.base, 'account');
    const { page } = player;
    await registerThroughForm(player, service.base, 'acct_ana');

    // from the header, by keyboard
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Account' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Your account' }).waitFor();
    await page.getByText('Signed in as acct_ana.').waitFor();
    await page.getByRole('link', { name: 'Notifications on this device' }).waitFor();

    const form = page.getByRole('form', { name: 'Change your password' });
    const current = form.getByLabel('Current password');
    const next = form.getByLabel('New password');
    const change = form.getByRole('button', { name: 'Change password' });

    // too short: said beside the form, nothing sent
    await current.fill('acct_ana-password');
    await next.fill('short');
    await change.click();
    await form.getByRole('alert').getByText('That password is shorter than 8 characters: choose a longer one.').waitFor();

    // the wrong current password: the service's refusal, in words, and still signed in
    await current.fill('not my password');
    await next.fill('a longer new pass phrase');
    // what was typed can be shown, and hidden again, by keyboard
    await form.getByRole('checkbox', { name: 'Show passwords' }).focus();
    await page.keyboard.press('Space');
    expect([await current.getAttribute('type'), await next.getAttribute('type'), await next.inputValue()]).toEqual(['text', 'text', 'a longer new pass phrase']);
    await player.screen('passwords-shown');
    await page.keyboard.press('Space');
    expect(await current.getAttribute('type')).toBe('password');
    await change.click();
    await form.getByRole('alert').getByText('That is not your current password, so nothing was changed.').waitFor();
    await player.screen('wrong-current');
    expect(player.consoleErrors).toEqual([expect.stringMatching(/Failed to load resource: the server responded with a status of 403/)]);
    player.forgetConsole();

    await current.fill('acct_ana-password');
    await change.click();
    await form.getByRole('status').getByText(/Your password is changed/).waitFor();
    expect(await current.inputValue()).toBe('');
    await player.screens('changed');
    // still signed in here: the answer brought a new cookie, and the leagues load with it
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Leagues' }).click();
    await page.getByRole('heading', { level: 1, name: 'Your leagues' }).waitFor();
    await page.getByText('You are not in any league yet.').waitFor();
    expect(player.consoleErrors).toEqual([]);

    // signed out and back in: the old password is refused, the new one opens the leagues
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    await page.getByLabel('Username').fill('acct_ana');
    await page.getByLabel('Password', { exact: true }).fill('acct_ana-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('That username and password do not match an account.').waitFor();
    // and where to turn if it is really forgotten (fantasy reset-password)
    await page.getByText('Forgot your password? Whoever runs this league server can give you a new one.').waitFor();
    await player.screen('sign-in-refused');
    await page.getByLabel('Password', { exact: true }).fill('a longer new pass phrase');
    await page.getByRole('checkbox', { name: 'Show password' }).check();
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Your leagues' }).waitFor();
    expect(player.consoleErrors).toEqual([expect.stringMatching(/Failed to load resource: the server responded with a status of 401/)]);
    expect(player.foreignRequests).toEqual([]);
  }, 90_000);
});
