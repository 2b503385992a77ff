/**
 * A password field that shows what was typed while `shown`: on a phone a password typed unseen
 * is easy to get wrong (NIST SP 800-63B asks that it can be shown). Two branches, since Preact
 * types each input type with its own attributes; the same element is kept, focus and all.
 */
export interface SecretInputProps {
  shown: boolean;
  name: string;
  autoComplete: string;
  value: string;
  onValue: (value: string) => void;
  required?: boolean;
  describedBy?: string;
}

export function SecretInput(props: SecretInputProps) {
  const { shown, onValue, describedBy, ...attributes } = props;
  const common = { ...attributes, maxLength: 200, 'aria-describedby': describedBy, onInput: (e: { currentTarget: HTMLInputElement }) => onValue(e.currentTarget.value) };
  return shown ? <input type="text" spellcheck={false} autoCapitalize="off" {...common} /> : <input type="password" {...common} />;
}
