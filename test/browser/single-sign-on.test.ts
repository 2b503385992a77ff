/**
 * The identity provider's round trip from the app (issue 23 point 1): a deployment with an
 * identity provider offers it on the sign-in screen, and an invitation opened signed out
 * survives the trip out to the provider and back, landing on that league's join screen.
 */
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPlayer, registerThroughForm, writeThroughPage, type Service, useServiceAndBrowser } from './harness';

let service: Service;
let browser: Browser;

useServiceAndBrowser({ identityProvider: true }, async (started, launched) => {
  [service, browser] = [started, launched];
});

describe('single sign-on from the app', () => {
  it('an invitation opened signed out survives the round trip to the identity provider', async () => {
    const founder = await newPlayer(browser, service.base, 'sso-founder');
    await registerThroughForm(founder, service.base, 'sso_founder');
    const league = await writeThroughPage(founder.page, service.base, 'POST', '/api/v1/leagues', {
      name: 'Night Readers',
      teamName: 'Owls',
      icon: '📚',
      domain: 'en',
      duration: '2w',
      visibility: 'private',
      invitePolicy: 'admin',
    });
    await founder.page.goto(`${service.base}/leagues/${String(league.id)}`);
    const code = (await founder.page.locator('strong.code').textContent())!;
    const link = (await founder.page.getByRole('link', { name: new RegExp(`/join/${code}`) }).getAttribute('href'))!;

    const friend = await newPlayer(browser, service.base, 'sso-friend');
    service.identityProvider!.profile = { sub: 'sso-friend-1', email: 'friend@example.org', name: 'Sso Friend', picture: '' };
    await friend.page.goto(`${service.base}${link}`);
    await friend.page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    await friend.page.getByRole('region', { name: 'You are invited to Night Readers' }).getByText(code).waitFor();
    const offer = friend.page.getByRole('link', { name: 'Continue with single sign-on' });
    await offer.waitFor();
    await friend.screen('sign-in-with-provider');

    await offer.click();
    // Out to the provider (which approves at once) and back: a new account, on the invitation.
    await friend.page.getByRole('heading', { level: 1, name: 'Join a league' }).waitFor();
    await friend.page.getByRole('heading', { level: 2, name: 'Night Readers' }).waitFor();
    await friend.page.getByText(`Invitation code ${code}: filled in for you`).waitFor();
    await friend.page.getByLabel('Your team name in Night Readers').fill('Lamplighters');
    await friend.page.getByRole('button', { name: 'Join Night Readers' }).click();
    await friend.page.getByRole('row', { name: /Lamplighters/ }).waitFor();

    // the account screen offers no password to change: the provider keeps it
    await friend.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Account' }).click();
    await friend.page.getByText('You sign in with single sign-on, so your password is kept by that account, not here.').waitFor();
    await expect(friend.page.getByRole('form', { name: 'Change your password' }).count()).resolves.toBe(0);
    await friend.screen('account-single-sign-on');

    // The only page that left our origin is the provider's own approval.
    const provider = new URL(service.identityProvider!.authorizeUrl).origin;
    expect(new Set(friend.foreignRequests.map((url) => new URL(url).origin))).toEqual(new Set([provider]));
    expect(friend.consoleErrors).toEqual([]);
  }, 90_000);
});
