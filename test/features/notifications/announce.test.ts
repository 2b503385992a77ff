/**
 * What `announce` writes for players' phones (issue 25 §2–§3): the morning result per team,
 * each head-to-head matchup of a round that ended, reminders of contracts expiring tomorrow,
 * each as the notification a phone will show, only to those who want it, once per league and
 * day. (Sending them to a push service over TLS is test/e2e/push.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { addDays } from '../../../src/domain/dates';
import { findTeam } from '../../../src/features/leagues/store';
import { buildContract } from '../../support/builders';
import { at, day, leave, moveTo, rivals, score } from '../head-to-head/head-to-head-fixtures';
import { pushesWaiting as notificationsFor, subscribePhone as subscribe } from './pushes-waiting';


describe('announce: the morning on players’ phones', () => {
  it('each team’s points and place, and its head-to-head result, to those who want each; once', async () => {
    const { app, world: w } = await rivals();
    try {
      const [annPhone, bobPhone, catPhone] = [await subscribe(app, w.ann), await subscribe(app, w.bob), await subscribe(app, w.cat)];
      await app.call('PUT', '/api/v1/me/push-preferences', { as: w.cat, body: { roundResult: false } });
      await moveTo(app, at(day(3), '06:00:00'), [w.ann, w.bob, w.cat]);
      await score(app, day(1), { [w.teams.ann]: 1, [w.teams.bob]: 2, [w.teams.cat]: 3 });
      await score(app, day(2), { [w.teams.ann]: 5, [w.teams.bob]: 0, [w.teams.cat]: 1 });
      app.clock.set(at(day(3), '07:00:00'));
      // issue 36: one morning digest per player and league, not one push per kind; a
      // head-to-head league's place is its table's
      expect(await app.ctx.services.announce.run(app.clock.now())).toEqual({ today: day(3), leagues: 1, webhookMessages: 0, pushMessages: 3 });
      const league = `/leagues/${w.league}`;
      expect(await notificationsFor(app)).toEqual({
        [annPhone]: [`Rivals Cup: Ann FC scored 5.0 on 5 May 2026: you are 1st in the table.\nRound 1: Ann FC beat League average, 6.0 to 3.0. (${league})`],
        [bobPhone]: [`Rivals Cup: Bob United scored 0.0 on 5 May 2026: you are 3rd in the table.\nRound 1: Bob United lost to Cat Rovers, 2.0 to 4.0. (${league})`],
        [catPhone]: [`Rivals Cup: Cat Rovers scored 1.0 on 5 May 2026: you are 2nd in the table. (${league})`],
      });
      expect(await app.ctx.services.announce.run(app.clock.now())).toMatchObject({ leagues: 0, pushMessages: 0 });
    } finally {
      await app.close();
    }
  });

  it('nothing for a player who turned the morning off, nor for a team that left; nothing for a day more than two days old', async () => {
    const { app, world: w } = await rivals();
    try {
      const bobPhone = await subscribe(app, w.bob);
      const catPhone = await subscribe(app, w.cat);
      await app.call('PUT', '/api/v1/me/push-preferences', { as: w.bob, body: { morningResult: false } });
      await moveTo(app, at(day(2), '06:00:00'), [w.ann, w.bob, w.cat]);
      await score(app, day(1), { [w.teams.ann]: 1, [w.teams.bob]: 2, [w.teams.cat]: 3 });
      await leave(app, w.league, w.cat);
      // the scored day is three days old by now
      app.clock.set(at(day(4), '07:00:00'));
      expect(await app.ctx.services.announce.run(app.clock.now())).toMatchObject({ pushMessages: 0 });
      app.clock.set(at(day(2), '07:00:00'));
      expect(await app.ctx.services.announce.run(app.clock.now())).toMatchObject({ pushMessages: 0 });
      const waiting = await notificationsFor(app);
      expect(waiting[bobPhone]).toBeUndefined();
      expect(waiting[catPhone]).toBeUndefined();
    } finally {
      await app.close();
    }
  });
});

describe('announce: contracts expiring tomorrow', () => {
  it('reminds the holder of each contract ending tomorrow, unless renewal is elected or the choice is off; once a day', async () => {
    const { app, world: w } = await rivals();
    try {
      const [annPhone, bobPhone, catPhone] = [await subscribe(app, w.ann), await subscribe(app, w.bob), await subscribe(app, w.cat)];
      await app.call('PUT', '/api/v1/me/push-preferences', { as: w.cat, body: { contractExpiring: false } });
      const team = async (id: string) => (await findTeam(app.ctx.db, id))!;
      await buildContract(app, await team(w.teams.ann), { articleId: 'Moon_landing', termDays: 3 });
      await buildContract(app, await team(w.teams.ann), { articleId: 'Apollo_11', termDays: 7 });
      await buildContract(app, await team(w.teams.bob), { articleId: 'Saturn_V', termDays: 3, renewalElected: true });
      await buildContract(app, await team(w.teams.cat), { articleId: 'Lunar_module', termDays: 3 });
      // three-day contracts bought on day 1 end on day 4: the reminder goes out on day 3
      app.clock.set(at(day(3), '07:00:00'));
      expect(addDays(day(1), 3)).toBe(day(4));
      await app.ctx.services.announce.run(app.clock.now());
      await app.ctx.services.announce.run(app.clock.now());
      expect(await notificationsFor(app)).toEqual({
        [annPhone]: [`Rivals Cup: Your contract on Moon landing expires tomorrow. Renew it today to keep it. (/leagues/${w.league}/contracts)`],
      });
      const waiting = await notificationsFor(app);
      expect([bobPhone, catPhone].map((phone) => waiting[phone])).toEqual([undefined, undefined]);
    } finally {
      await app.close();
    }
  });
});

describe('announce: one morning digest (issue 36)', () => {
  it('six contracts expiring tomorrow and the day’s result reach a phone as one push, not seven', async () => {
    const { app, world: w } = await rivals();
    try {
      const annPhone = await subscribe(app, w.ann);
      const team = (await findTeam(app.ctx.db, w.teams.ann))!;
      const articles = ['Moon_landing', 'Apollo_11', 'Saturn_V', 'Lunar_module', 'Space_race', 'Sputnik_1'];
      for (const articleId of articles) await buildContract(app, team, { articleId, termDays: 3 });
      await moveTo(app, at(day(3), '06:00:00'), [w.ann, w.bob, w.cat]);
      await score(app, day(2), { [w.teams.ann]: 2, [w.teams.bob]: 1, [w.teams.cat]: 0 });
      app.clock.set(at(day(3), '07:00:00'));
      expect(await app.ctx.services.announce.run(app.clock.now())).toMatchObject({ pushMessages: 1 });
      expect(await notificationsFor(app)).toEqual({
        [annPhone]: [
          `Rivals Cup: Ann FC scored 2.0 on 5 May 2026: you are 1st in the table.\n` +
            `Your contracts on Apollo 11, Lunar module, Moon landing, Saturn V, Space race and Sputnik 1 expire tomorrow. Renew them today to keep them. (/leagues/${w.league})`,
        ],
      });
    } finally {
      await app.close();
    }
  });
});
