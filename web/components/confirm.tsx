/** An inline confirmation: says what will happen, then offers the action and a way back. */
import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';

export function Confirm(props: {
  children: ComponentChildren;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
  danger?: boolean;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.focus();
  }, []);
  return (
    <div class="confirm" role="group" aria-label="Confirm" tabIndex={-1} ref={box}>
      <div class="confirm-text">{props.children}</div>
      <div class="row">
        <button type="button" class={props.danger ? 'danger' : 'primary'} onClick={props.onConfirm} disabled={props.busy}>
          {props.confirmLabel}
        </button>
        <button type="button" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
