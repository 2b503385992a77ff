/**
 * A league's invitation passed on: the phone's own share sheet where it has one (else the link
 * copied), and a QR code of the link drawn here, so a friend at the same table can scan it and
 * no outside service ever learns the code.
 */
import { useState } from 'preact/hooks';
import qrcode from 'qrcode-generator';

/** Modules of empty border every reader expects around the code. */
const QUIET_ZONE = 4;

/**
 * The code's dark modules as one SVG path, a unit square each. Medium error correction: a
 * phone's camera reads it off another phone's screen, glare and all.
 */
export function qrPath(text: string): { size: number; path: string } {
  const code = qrcode(0, 'M');
  // an invitation link is ASCII (the league's name rides percent-encoded), so bytes are characters
  code.addData(text, 'Byte');
  code.make();
  const count = code.getModuleCount();
  let path = '';
  for (let row = 0; row < count; row++) {
    for (let col = 0; col < count; col++) {
      if (code.isDark(row, col)) path += `M${col + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`;
    }
  }
  return { size: count + 2 * QUIET_ZONE, path };
}

export function InvitationQr(props: { link: string; title: string }) {
  const { size, path } = qrPath(props.link);
  return (
    <figure class="qr">
      {/* dark on light in either theme: scanners read dark modules on a light ground */}
      <svg viewBox={`0 0 ${size} ${size}`} role="img" aria-labelledby="qr-title" shape-rendering="crispEdges">
        <title id="qr-title">QR code of the invitation link to {props.title}</title>
        <rect width={size} height={size} fill="#ffffff" />
        <path d={path} fill="#000000" />
      </svg>
      <figcaption>A friend beside you scans this with their phone’s camera to open the invitation.</figcaption>
    </figure>
  );
}

/** The phone's share sheet when it has one; anywhere else, the link on the clipboard. */
export function ShareInvitation(props: { link: string; code: string; title: string }) {
  const [said, setSaid] = useState<string | null>(null);
  const copy = async (text: string, what: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setSaid(what);
    } catch {
      setSaid('Copying is not allowed here: select the link above and copy it yourself.');
    }
  };
  const share = async () => {
    setSaid(null);
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({
          title: `Join ${props.title}`,
          text: `Join my league ${props.title} on Article Fantasy League (invitation code ${props.code}):`,
          url: props.link,
        });
        setSaid('Invitation shared.');
        return;
      } catch (error) {
        // the player closed the share sheet: nothing to say, nothing to fall back to
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    await copy(props.link, 'Link copied: paste it to your friends.');
  };
  return (
    <>
      <p class="row">
        <button type="button" class="primary" onClick={share}>
          Share the invitation
        </button>
        <button type="button" onClick={() => copy(props.code, 'Code copied.')}>
          Copy code
        </button>
      </p>
      {/* present before anything is said, so a screen reader announces what is put in it */}
      <div role="status">
        {said && (
          <p class="done">
            <span aria-hidden="true">✓ </span>
            {said}
          </p>
        )}
      </div>
    </>
  );
}
