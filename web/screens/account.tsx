/** The player's own account: who is signed in, a new password, and this device's notifications. */
import { useEffect, useState } from 'preact/hooks';
import { api } from '../api';
import { Done, Refusal, Screen, useAction } from '../components/ui';
import { SecretInput } from '../components/secret-input';
import { session } from '../state';
import { NEW_PASSWORD_MIN } from './sign-in';
import type { SignInMethods } from '../../src/features/auth/wire';

function ChangePassword() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [short, setShort] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [shown, setShown] = useState(false);
  const { busy, refusal, run } = useAction();

  const submit = (event: Event) => {
    event.preventDefault();
    setDone(null);
    setShort(next.length < NEW_PASSWORD_MIN);
    if (next.length < NEW_PASSWORD_MIN) return;
    void run(async () => {
      await api.changePassword(current, next);
      setCurrent('');
      setNext('');
      setDone('Your password is changed. You stay signed in here; your other devices are signed out and take the new one.');
    });
  };

  return (
    <form class="card stack" onSubmit={submit} aria-labelledby="password-heading">
      <h2 id="password-heading">Change your password</h2>
      <label>
        Current password
        <SecretInput shown={shown} name="current-password" autoComplete="current-password" required value={current} onValue={setCurrent} />
      </label>
      <label>
        New password
        <SecretInput shown={shown} name="new-password" autoComplete="new-password" describedBy="new-password-hint" value={next} onValue={setNext} />
      </label>
      <p id="new-password-hint" class="hint">
        At least {NEW_PASSWORD_MIN} characters; a few words in a row are easy to remember and hard to guess.
      </p>
      <label class="choice">
        <input type="checkbox" checked={shown} onChange={(e) => setShown(e.currentTarget.checked)} />
        Show passwords
      </label>
      {short && (
        <p class="refusal" role="alert">
          <span aria-hidden="true">⚠ </span>That password is shorter than {NEW_PASSWORD_MIN} characters: choose a longer one.
        </p>
      )}
      <Refusal code={refusal} />
      <Done text={done} />
      <button type="submit" class="primary" disabled={busy}>
        Change password
      </button>
    </form>
  );
}

export function Account() {
  const who = session.value;
  const [methods, setMethods] = useState<SignInMethods | null>(null);
  useEffect(() => {
    api.signInMethods().then(setMethods, () => undefined);
  }, []);
  // a password account's subject is password:<username>; anyone else signs in elsewhere
  const hasPassword = who?.sub.startsWith('password:') ?? false;

  return (
    <Screen title="Your account">
      {who && (
        <p class="intro">
          Signed in as <strong>{who.name}</strong>.
        </p>
      )}
      {methods?.password && hasPassword && <ChangePassword />}
      {methods && !hasPassword && <p class="card">You sign in with single sign-on, so your password is kept by that account, not here.</p>}
      <p>
        <a href="/notification-settings">Notifications on this device</a>: hear of your results without opening the app.
      </p>
    </Screen>
  );
}
