/** Screen 6: my contracts: paid, worth now, expiry, renewal; sell with the payout stated first. */
import { useState } from 'preact/hooks';
import { api, type Contract, type SaleQuote } from '../api';
import { Confirm } from '../components/confirm';
import { LeagueNav } from '../components/league-nav';
import { refreshNotifications } from '../state';
import { renewalChoice, renewalCost, settlesWhen } from '../components/day-result';
import { leagueIsOver } from '../components/league-nav';
import { Done, Loaded, Refusal, Screen, credits, day, errorCode, useAction, useLoad, leagueIsGone } from '../components/ui';

import { DAY_MS } from '../../src/domain/dates';

function daysLeft(expireDate: string): number {
  const today = new Date().toISOString().slice(0, 10);
  return Math.round((Date.parse(`${expireDate}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS);
}

function ContractRow(props: { leagueId: string; contract: Contract; archived: boolean; onChanged: (message: string) => void }) {
  const { contract } = props;
  const [quote, setQuote] = useState<SaleQuote | null>(null);
  const { busy, refusal, setRefusal, run } = useAction();
  const left = daysLeft(contract.expireDate);
  // On its expiry day a contract scores nothing and cannot be sold; it waits for the sweep,
  // and may still be renewed until then. Offer only what the service will do.
  const expired = contract.status === 'expired' || left <= 0;
  const renewalOpen = left <= 1 && left >= 0;
  const renewFor = contract.renewalPrice === null ? '' : ` for ${credits(contract.renewalPrice)}`;

  const askToSell = () =>
    run(async () => {
      try {
        setQuote(await api.saleQuote(props.leagueId, contract.id));
      } catch (error) {
        setRefusal(errorCode(error));
      }
    });

  return (
    <li class="card contract">
      <div class="offer-head">
        <a href={`/leagues/${encodeURIComponent(props.leagueId)}/articles/${encodeURIComponent(contract.article.id)}`} class="offer-title">
          {contract.article.title}
        </a>
        <span class="tag">{contract.tier.toLowerCase()}</span>
      </div>
      <dl class="facts">
        <div>
          <dt>Paid</dt>
          <dd>{credits(contract.purchasePrice)}</dd>
        </div>
        <div>
          <dt>Worth now</dt>
          <dd>
            {contract.currentPrice !== null ? credits(contract.currentPrice) : expired ? 'priced when it settles' : 'not priced yet today'}
          </dd>
        </div>
        <div>
          <dt>Expires</dt>
          <dd>
            {day(contract.expireDate)} ({left <= 0 ? 'today' : left === 1 ? 'tomorrow' : `in ${left} days`})
          </dd>
        </div>
        {props.archived && (
          <div class="wide">
            <dt>At expiry</dt>
            <dd>The league is over: it settles {day(contract.expireDate)} at its value then, without renewing.</dd>
          </div>
        )}
        {renewalOpen && !contract.renewalElected && !props.archived && (
          <>
            <div>
              <dt>Renew</dt>
              <dd>{renewalChoice(contract).renew}</dd>
            </div>
            <div>
              <dt>Let it expire</dt>
              <dd>{renewalChoice(contract).expire}</dd>
            </div>
          </>
        )}
        {expired && !props.archived && (
          <div class="wide">
            <dt>Today</dt>
            <dd>
              {left < 0 ? `It expired on ${day(contract.expireDate)}` : 'It expired today'}: it scores nothing and can no longer be sold. It
              settles {settlesWhen()}
              {contract.renewalElected ? ', renewing.' : ', paying its value then, unless you renew it first.'}
            </dd>
          </div>
        )}
        {!props.archived && <div class="wide">
          <dt>Renewal</dt>
          <dd>
            {contract.renewalElected
              ? `✓ Renewal chosen: it renews at expiry for ${renewalCost(contract)}`
              : left < 0
                ? 'Closed: the contract has expired'
                : renewalOpen
                ? 'Open now: renew today or tomorrow, or let it expire'
                : `Opens ${day(new Date(Date.parse(`${contract.expireDate}T00:00:00Z`) - DAY_MS).toISOString())}`}
          </dd>
        </div>}
      </dl>
      {quote ? (
        <Confirm
          danger
          busy={busy}
          confirmLabel={`Sell for ${credits(quote.payout)}`}
          onCancel={() => setQuote(null)}
          onConfirm={() =>
            run(async () => {
              const sold = await api.sell(props.leagueId, contract.id);
              setQuote(null);
              props.onChanged(`Sold ${contract.article.title} for ${credits(sold.salePayout ?? quote.payout)}.`);
            })
          }
        >
          <p>
            Selling {contract.article.title} now pays <strong>{credits(quote.payout)}</strong>: its value today ({credits(quote.currentPrice)}) for
            the {quote.remainingDays} of {quote.termDays} days left.
          </p>
        </Confirm>
      ) : props.archived ? null : (
        <p class="row">
          {!expired && (
            <button type="button" onClick={askToSell} disabled={busy}>
              Sell {contract.article.title}…
            </button>
          )}
          {contract.renewalElected ? (
            <button
              type="button"
              disabled={busy}
              onClick={() =>
                run(async () => {
                  await api.withdrawRenewal(props.leagueId, contract.id);
                  props.onChanged(`Renewal of ${contract.article.title} withdrawn.`);
                })
              }
            >
              Withdraw the renewal of {contract.article.title}
            </button>
          ) : (
            renewalOpen && (
              <button
                type="button"
                disabled={busy}
                onClick={() =>
                  run(async () => {
                    const elected = await api.electRenewal(props.leagueId, contract.id);
                    props.onChanged(`${contract.article.title} will renew at expiry for ${renewalCost(elected)}.`);
                  })
                }
              >
                Renew {contract.article.title} at expiry{renewFor}
              </button>
            )
          )}
        </p>
      )}
      <Refusal code={refusal} />
    </li>
  );
}

export function Contracts(props: { id: string }) {
  const [load, reload] = useLoad(async () => {
    const [contracts, league] = await Promise.all([api.myContracts(props.id), api.league(props.id)]);
    return { contracts, archived: leagueIsOver(league) };
  }, props.id);
  const [message, setMessage] = useState<string | null>(null);
  const archived = load.status === 'ready' && load.data.archived;
  return (
    <Screen title="Contracts">
      {!leagueIsGone(load) && <LeagueNav id={props.id} archived={archived} />}
      <Done text={message} bring />
      {archived && (
        <p class="card archive-note">
          <span aria-hidden="true">🗄 </span>This league is over: nothing can be bought, sold, renewed or fielded. Your contracts run to their
          expiry and settle at their value then.
        </p>
      )}
      <Loaded load={load} what="your contracts" retry={reload} leagueId={props.id}>
        {({ contracts }) => {
          const live = contracts.filter((c) => c.status === 'live' || c.status === 'expired');
          return live.length === 0 ? (
            <div class="card empty">
              <p>You hold no contracts in this league.</p>
              {!archived && (
                <a class="button primary" href={`/leagues/${encodeURIComponent(props.id)}/market`}>
                  Go to the market
                </a>
              )}
            </div>
          ) : (
            <ul class="contracts">
              {live.map((contract) => (
                <ContractRow
                  key={contract.id}
                  leagueId={props.id}
                  contract={contract}
                  archived={archived}
                  onChanged={(text) => {
                    setMessage(text);
                    reload();
                    // a sale writes a notification: the in-box badge should show it at once
                    void refreshNotifications();
                  }}
                />
              ))}
            </ul>
          );
        }}
      </Loaded>
    </Screen>
  );
}
