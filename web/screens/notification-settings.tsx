/**
 * Notifications on this device (issue 25): one switch that asks the browser's permission
 * only when tapped, and the three things a player may want pushed. The choices are the
 * player's, on every device; the switch is this device's.
 */
import { useEffect, useState } from 'preact/hooks';
import { api, type PushPreferences } from '../api';
import { Loaded, Refusal, Screen, useAction, useLoad } from '../components/ui';
import { type DeviceState, deviceState, switchOff, switchOn } from '../push';

const CHOICES: { key: keyof PushPreferences; label: string; hint: string }[] = [
  { key: 'morningResult', label: 'Morning result', hint: 'Your team’s points and place once a day is scored.' },
  { key: 'contractExpiring', label: 'A contract expires tomorrow', hint: 'Time to renew it, or let it go.' },
  { key: 'roundResult', label: 'Head-to-head round result', hint: 'Whether you won, drew or lost the round.' },
];

const STATE_WORDS: Record<DeviceState, string> = {
  on: 'On: this device shows the league’s notifications.',
  off: 'Off: this device shows no notifications.',
  blocked: 'Blocked: this browser was told not to show this site’s notifications. Allow them in the browser’s site settings, then come back.',
  unsupported: 'This browser cannot show notifications from the league. Try another browser, or add the app to your home screen.',
};

export function NotificationSettings() {
  const [load, reload] = useLoad(async () => ({ device: await deviceState(), choices: await api.pushPreferences() }), 'notification-settings');
  const [device, setDevice] = useState<DeviceState | null>(null);
  const [choices, setChoices] = useState<PushPreferences | null>(null);
  const { busy, refusal, run } = useAction();

  useEffect(() => {
    if (load.status === 'ready') {
      setDevice(load.data.device);
      setChoices(load.data.choices);
    }
  }, [load]);

  const flip = () =>
    run(async () => {
      // the browser's permission prompt comes from this tap, never on its own
      setDevice(device === 'on' ? await switchOff() : await switchOn());
    });

  // the box shows the player's choice at once; should the service refuse it, it goes back
  const choose = async (key: keyof PushPreferences, value: boolean) => {
    const before = choices;
    setChoices((now) => (now ? { ...now, [key]: value } : now));
    const saved = await run(() => api.setPushPreferences({ [key]: value }));
    setChoices(saved ?? before);
  };

  return (
    <Screen title="Notifications" lead={<p class="intro">Hear how your team did without opening the app.</p>}>
      <Loaded load={load} what="your notification settings" retry={reload}>
        {() =>
          device === null || choices === null ? null : (
            <>
              <div class="card switch-row">
                <button
                  type="button"
                  role="switch"
                  class="switch"
                  aria-checked={device === 'on'}
                  aria-describedby="device-state"
                  disabled={busy || device === 'unsupported' || device === 'blocked'}
                  onClick={flip}
                >
                  <span class="switch-track" aria-hidden="true">
                    <span class="switch-thumb" />
                  </span>
                  <span>Notifications on this device</span>
                  <span class="switch-word" aria-hidden="true">{device === 'on' ? 'On' : 'Off'}</span>
                </button>
                <p id="device-state" class="hint" role="status">
                  {busy ? 'Working…' : STATE_WORDS[device]}
                </p>
              </div>
              <Refusal code={refusal} />
              <fieldset class="card push-choices">
                <legend>What to tell you</legend>
                <p class="hint">These apply on every device where notifications are on.</p>
                {CHOICES.map((choice) => (
                  <label class="choice" key={choice.key}>
                    <input type="checkbox" checked={choices[choice.key]} onChange={(event) => choose(choice.key, event.currentTarget.checked)} />
                    <span>
                      <strong>{choice.label}</strong>
                      <span class="sub">{choice.hint}</span>
                    </span>
                  </label>
                ))}
              </fieldset>
            </>
          )
        }
      </Loaded>
    </Screen>
  );
}
