/**
 * The Article Genie (game-rules.md): finds an article the player cannot name. Free text
 * becomes search inputs, the server builds the candidate list, and the model narrows it one
 * question at a time. The session is stateless: this component carries the history, assigns
 * the small ids, picks the progress word, offers its own "not sure", and stops at 5 or fewer
 * survivors, at `done`, or at the soft cap (10 turns, one extension of 5). Survivors are
 * priced by the server and ordered by mutual links, then the medium price.
 */
import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { api, type ArticlePage, type GenieBucket, type GenieCandidate, type GenieExchange, type TurnCandidate } from '../api';
import { Refusal, useAction } from './ui';

const STOP_AT = 5;
const SOFT_CAP = 10;
const EXTENSION = 5;
const QUERY_MAX = 200;
/** The answer the server reads as "the player did not know". */
const UNSURE = 'unsure';

export function bucketFor(survivors: number): GenieBucket {
  if (survivors > 30) return 'vast';
  if (survivors > 15) return 'many';
  if (survivors > 8) return 'a dozen or so';
  if (survivors > 5) return 'a handful';
  return 'almost there';
}

const BUCKET_WORDS: Record<GenieBucket, string> = {
  vast: 'A vast field of articles is still in play.',
  many: 'Many articles are still in play.',
  'a dozen or so': 'A dozen or so articles are still in play.',
  'a handful': 'A handful of articles are still in play.',
  'almost there': 'Almost there.',
};

interface Hunt {
  query: string;
  /** the server's candidates, by the small id this hunt gave each */
  pool: Map<number, GenieCandidate>;
  survivors: number[];
  history: GenieExchange[];
  turns: number;
  cap: number;
  /** the question on screen */
  question: { utterance: string; question: string; options: string[] } | null;
}

type Priced = { candidate: GenieCandidate; page: ArticlePage };

export type GenieFind = { page: ArticlePage; mutualLinks: number };

export function Genie(props: { leagueId: string; renderOffers: (found: GenieFind[]) => ComponentChildren }) {
  const [query, setQuery] = useState('');
  const [hunt, setHunt] = useState<Hunt | null>(null);
  const [result, setResult] = useState<Priced[] | null>(null);
  const [nothing, setNothing] = useState(false);
  const { busy, refusal, setRefusal, run } = useAction();

  const finish = async (pool: Map<number, GenieCandidate>, survivors: number[]) => {
    const candidates = survivors.map((id) => pool.get(id)!);
    const priced = await Promise.all(candidates.map(async (candidate) => ({ candidate, page: await api.article(props.leagueId, candidate.id) })));
    const medium = (p: Priced) => p.page.prices?.MEDIUM ?? Number.POSITIVE_INFINITY;
    priced.sort((a, b) => b.candidate.mutualLinks - a.candidate.mutualLinks || medium(a) - medium(b));
    setResult(priced);
    setHunt(null);
  };

  /** One turn with the history so far; the answer decides whether to ask again or stop. */
  const turn = async (state: Omit<Hunt, 'question'>) => {
    const answer = await api.genieTurn({
      query: state.query,
      history: state.history,
      candidates: state.survivors.map((id) => {
        const c = state.pool.get(id)!;
        return { id, title: c.title, description: c.description ?? c.title } satisfies TurnCandidate;
      }),
      bucket: bucketFor(state.survivors.length),
    });
    const survivors = answer.keep.length > 0 ? answer.keep : state.survivors;
    const turns = state.turns + 1;
    if (survivors.length <= STOP_AT || answer.done) return finish(state.pool, survivors);
    setHunt({ ...state, survivors, turns, question: { utterance: answer.utterance, question: answer.question, options: answer.options } });
  };

  const start = () =>
    run(async () => {
      setResult(null);
      setNothing(false);
      const text = query.trim();
      const seeds = await api.genieSeeds(text);
      const { candidates } = await api.genieCandidates(props.leagueId, seeds);
      if (candidates.length === 0) {
        setNothing(true);
        return;
      }
      const pool = new Map(candidates.map((c, i) => [i + 1, c] as const));
      const survivors = [...pool.keys()];
      if (survivors.length <= STOP_AT) return finish(pool, survivors);
      await turn({ query: text, pool, survivors, history: [], turns: 0, cap: SOFT_CAP });
    });

  const answer = (reply: string) => {
    if (!hunt?.question) return;
    const history = [...hunt.history, { question: hunt.question.question, answer: reply }];
    return run(() => turn({ ...hunt, history }));
  };

  const reset = () => {
    setHunt(null);
    setResult(null);
    setNothing(false);
    setRefusal(null);
  };

  const atCap = hunt !== null && hunt.turns >= hunt.cap;

  return (
    <section class="card genie" aria-labelledby="genie-heading">
      <h2 id="genie-heading">
        <span aria-hidden="true">🧞 </span>Article Genie
      </h2>
      {!hunt && !result && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void start();
          }}
        >
          <label for="genie-query">Describe an article you cannot name</label>
          <p class="hint" id="genie-hint">
            For example “the film where astronauts are stranded on Mars”. The Genie asks a few questions and then shows what it found.
          </p>
          <div class="row">
            <input
              id="genie-query"
              aria-describedby="genie-hint"
              value={query}
              maxLength={QUERY_MAX}
              onInput={(e) => setQuery(e.currentTarget.value)}
            />
            <button type="submit" disabled={busy || query.trim() === ''}>
              Ask the Genie
            </button>
          </div>
        </form>
      )}
      <div aria-live="polite">
        {busy && <p class="loading">The Genie is thinking…</p>}
        {nothing && <p>The Genie found no article for that description. Try other words, or name a related article.</p>}
        {hunt?.question && !busy && (
          <>
            <p class="genie-say">{hunt.question.utterance}</p>
            <p class="genie-progress">
              {BUCKET_WORDS[bucketFor(hunt.survivors.length)]} Question {hunt.turns} of {hunt.cap}.
            </p>
          </>
        )}
      </div>
      {hunt?.question && !atCap && (
        <div class="options" role="group" aria-label="Your answer">
          {hunt.question.options.map((option) => (
            <button type="button" key={option} disabled={busy} onClick={() => void answer(option)}>
              {option}
            </button>
          ))}
          <button type="button" disabled={busy} onClick={() => void answer(UNSURE)}>
            Not sure
          </button>
        </div>
      )}
      {hunt && atCap && (
        <div class="options" role="group" aria-label={`The Genie has asked ${hunt.turns} questions`}>
          <p>That was question {hunt.turns}. Keep going, or see what is left?</p>
          {hunt.cap === SOFT_CAP && (
            <button type="button" disabled={busy} onClick={() => setHunt({ ...hunt, cap: SOFT_CAP + EXTENSION })}>
              Ask {EXTENSION} more questions
            </button>
          )}
          <button type="button" class="primary" disabled={busy} onClick={() => void run(() => finish(hunt.pool, hunt.survivors))}>
            Show the {hunt.survivors.length} articles left
          </button>
        </div>
      )}
      <Refusal code={refusal} />
      {result && (
        <>
          <h3 id="genie-found">The Genie found</h3>
          {props.renderOffers(result.map((r) => ({ page: r.page, mutualLinks: r.candidate.mutualLinks })))}
        </>
      )}
      {(hunt || result) && !busy && (
        <p>
          <button type="button" onClick={reset}>
            Start a new hunt
          </button>
        </p>
      )}
    </section>
  );
}
