/** Buy one article: each tier's price and term, the credits left after it, then the buy. */
import { useState } from 'preact/hooks';
import { api, type Contract, type Tier, type TierPrices } from '../api';
import { TIER_DAYS } from '../../src/domain/pricing';
import { Refusal, credits, errorCode, useAction } from './ui';

const TIERS: Tier[] = ['SHORT', 'MEDIUM', 'LONG'];
const TIER_WORDS: Record<Tier, string> = { SHORT: 'Short', MEDIUM: 'Medium', LONG: 'Long' };

export function BuyPanel(props: {
  leagueId: string;
  article: { id: string; title: string };
  prices: TierPrices;
  creditsLeft: number;
  onBought: (contract: Contract) => void;
  onCancel: () => void;
  /** another team bought it since the page was read: the caller reads holdings again */
  onTaken?: () => void;
}) {
  const [tier, setTier] = useState<Tier>('MEDIUM');
  const { busy, refusal, run } = useAction();
  const [holder, setHolder] = useState<string | null>(null);
  const buy = async () => {
    try {
      props.onBought(await api.buy(props.leagueId, props.article.id, tier));
    } catch (error) {
      if (errorCode(error) === 'ARTICLE_TAKEN') {
        // The refusal names who was quicker, read fresh from the article's own answer.
        const now = await api.article(props.leagueId, props.article.id).catch(() => null);
        setHolder(now?.owner ? `${now.owner.teamName} (${now.owner.name})` : 'another team');
        props.onTaken?.();
      }
      throw error;
    }
  };
  const after = props.creditsLeft - props.prices[tier];
  const name = `tier-${props.article.id}`;
  return (
    <form
      class="buy-panel"
      onSubmit={(event) => {
        event.preventDefault();
        void run(buy);
      }}
    >
      <fieldset>
        <legend>Contract length for {props.article.title}</legend>
        {TIERS.map((t) => (
          <label key={t} class="choice tier">
            <input type="radio" name={name} checked={tier === t} onChange={() => setTier(t)} />
            <span>
              {TIER_WORDS[t]} · {TIER_DAYS[t]} days · <strong>{credits(props.prices[t])}</strong>
            </span>
          </label>
        ))}
      </fieldset>
      <p>
        You have {credits(props.creditsLeft)}; after this buy{' '}
        {after >= 0 ? <strong>{credits(after)}</strong> : <strong>you would be {credits(-after)} short</strong>}.
      </p>
      {refusal === 'ARTICLE_TAKEN' && holder ? (
        <p class="refusal" role="alert">
          <span aria-hidden="true">⚠ </span>
          {props.article.title} was bought by {holder} after this page was loaded, so it is no longer free.
        </p>
      ) : (
        <Refusal code={refusal} />
      )}
      <p class="row">
        {/* a buy the service would refuse is not offered: short of credits, or taken meanwhile */}
        <button type="submit" class="primary" disabled={busy || after < 0 || holder !== null}>
          Buy for {credits(props.prices[tier])}
        </button>
        <button type="button" onClick={props.onCancel}>
          Cancel
        </button>
      </p>
    </form>
  );
}
