/**
 * The league admin sets the group chat's webhook from the league screen (issue 25 §1): the
 * address is checked, the hook shows whether it works, a new team is posted to the chat, and
 * a failing hook says so in words.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeChatServer, startFakeChatServer } from '../fakes/chat-server';
import { newPlayer, registerThroughForm, writeThroughPage, type Player, type Service, useServiceAndBrowser } from './harness';

let service: Service;
let browser: Browser;
let chat: FakeChatServer;

beforeAll(async () => {
  chat = await startFakeChatServer();
}, 60_000);

// registered first, so it runs after the service and browser have stopped
afterAll(async () => {
  await chat?.close();
});

// the fake chat listens on loopback, which a real deployment refuses
useServiceAndBrowser({ env: { FANTASY_OUTBOUND_ALLOW_PRIVATE_ADDRESSES: 'true' } }, async (started, launched) => {
  [service, browser] = [started, launched];
});

const register = (player: Player, username: string) => registerThroughForm(player, service.base, username);
const write = (page: Page, method: 'POST' | 'PUT', path: string, data: unknown) => writeThroughPage(page, service.base, method, path, data);

describe('the group chat of a league', () => {
  it('the admin sets the webhook on the league screen, a new team is posted, a failing hook says so', async () => {
    const admin = await newPlayer(browser, service.base, 'chat-admin');
    await register(admin, 'chat_admin');
    const league = await write(admin.page, 'POST', '/api/v1/leagues', {
      name: 'Chat League',
      teamName: 'Talkers',
      icon: '📚',
      domain: 'en',
      duration: '2w',
      visibility: 'private',
      invitePolicy: 'admin',
    });
    const leagueId = String(league.id);
    const { page } = admin;
    await page.goto(`${service.base}/leagues/${leagueId}`);
    const section = page.getByRole('region', { name: 'Group chat' });
    await section.waitFor();

    // an address that is no webhook is refused in words, and nothing is set
    await section.getByLabel('Webhook address').fill('ftp://example.org/hook');
    await section.getByRole('button', { name: 'Save the webhook' }).click();
    await section.getByRole('alert').getByText(/That address cannot be used/).waitFor();

    await section.getByLabel('Chat').selectOption('discord');
    await section.getByLabel('Webhook address').fill(chat.hook('discord', 'secret-part'));
    await section.getByRole('button', { name: 'Save the webhook' }).click();
    await section.getByText('Set; nothing has been posted yet.').waitFor();
    // the hook's path is its secret: the page shows it masked
    await expect(section.locator('code').textContent()).resolves.not.toContain('secret-part');
    await admin.screen('group-chat-set');

    // the hook's state as the admin reads it after a reload (the section loads on its own)
    const stateAfterReload = async () => {
      await page.reload();
      const state = section.getByRole('status');
      await state.waitFor();
      return state.textContent();
    };
    // a friend joins: the chat hears of it from the outbox worker
    const code = (await (await page.request.get(`${service.base}/api/v1/leagues/${leagueId}/invite-code`)).json()) as { code: string };
    const friend = await newPlayer(browser, service.base, 'chat-friend');
    await register(friend, 'chat_friend');
    await write(friend.page, 'POST', `/api/v1/leagues/${leagueId}/my-team`, { name: 'Listeners', invitationCode: code.code });
    // (its second line is the league's address in the app)
    await expect.poll(() => chat.messages.map((m) => m.shown.split('\n')[0]), { timeout: 20_000 }).toContain('Listeners joined Chat League. 2 teams now.');
    await expect.poll(stateAfterReload, { timeout: 20_000 }).toMatch(/^Working: last posted/);

    // the chat starts refusing: the admin reads it on the league screen
    chat.mode = 'fail500';
    const third = await newPlayer(browser, service.base, 'chat-third');
    await register(third, 'chat_third');
    await write(third.page, 'POST', `/api/v1/leagues/${leagueId}/my-team`, { name: 'Echoes', invitationCode: code.code });
    await expect.poll(() => chat.attempts, { timeout: 20_000 }).toBeGreaterThan(1);
    await expect.poll(stateAfterReload, { timeout: 30_000 }).toMatch(/Not working since .*\(status 500\)/);
    await admin.screen('group-chat-failing');

    await section.getByRole('button', { name: 'Stop posting' }).click();
    await section.getByRole('button', { name: 'Save the webhook' }).waitFor();
    expect(admin.foreignRequests).toEqual([]);
    expect(admin.consoleErrors.filter((line) => !line.includes('400'))).toEqual([]);
  }, 120_000);
});
