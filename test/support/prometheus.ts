/**
 * A strict reader of the Prometheus text exposition format (0.0.4), enough to prove an
 * answer parses: every sample line belongs to a family declared by `# TYPE`, names and
 * label names are legal, label values are properly quoted and escaped, values are numbers.
 */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);
const SUFFIXES: Record<string, string[]> = { histogram: ['_bucket', '_sum', '_count'], summary: ['_sum', '_count', ''] };

/** As Prometheus reads values (Go's ParseFloat): NaN and Inf in any letter case. */
function parseValue(raw: string, line: string): number {
  if (/^\+?inf$/i.test(raw)) return Number.POSITIVE_INFINITY;
  if (/^-inf$/i.test(raw)) return Number.NEGATIVE_INFINITY;
  if (/^nan$/i.test(raw)) return Number.NaN;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(raw)) throw new Error(`not a number in: ${line}`);
  return Number(raw);
}

function parseLabels(text: string, line: string): { labels: Record<string, string>; rest: string } {
  const labels: Record<string, string> = {};
  let i = 1; // after '{'
  while (text[i] !== '}') {
    const eq = text.indexOf('=', i);
    const name = text.slice(i, eq);
    if (!/^[a-zA-Z_][a-zA-Z0-9_]*$/.test(name) || text[eq + 1] !== '"') throw new Error(`bad label in: ${line}`);
    let value = '';
    let j = eq + 2;
    for (; j < text.length && text[j] !== '"'; j++) {
      if (text[j] === '\\') {
        const next = text[++j];
        if (next === 'n') value += '\n';
        else if (next === '\\' || next === '"') value += next;
        else throw new Error(`bad escape in: ${line}`);
      } else value += text[j];
    }
    if (j >= text.length) throw new Error(`unterminated label value in: ${line}`);
    labels[name] = value;
    i = j + 1;
    if (text[i] === ',') i++;
    else if (text[i] !== '}') throw new Error(`bad label list in: ${line}`);
  }
  return { labels, rest: text.slice(i + 1) };
}

export function parsePrometheusText(text: string): { types: Map<string, string>; samples: Sample[] } {
  if (!text.endsWith('\n')) throw new Error('the exposition must end with a newline');
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    if (line.startsWith('#')) {
      const match = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(line);
      if (!match) continue; // a plain comment
      const [, kind, name, rest] = match;
      if (!NAME.test(name)) throw new Error(`bad metric name in: ${line}`);
      if (kind === 'TYPE') {
        if (!TYPES.has(rest)) throw new Error(`bad type in: ${line}`);
        if (types.has(name)) throw new Error(`TYPE given twice: ${name}`);
        types.set(name, rest);
      }
      continue;
    }
    const nameMatch = /^[a-zA-Z_:][a-zA-Z0-9_:]*/.exec(line);
    if (!nameMatch) throw new Error(`bad sample line: ${line}`);
    const name = nameMatch[0];
    let rest = line.slice(name.length);
    let labels: Record<string, string> = {};
    if (rest.startsWith('{')) ({ labels, rest } = parseLabels(rest, line));
    const parts = rest.trim().split(' ');
    if (!rest.startsWith(' ') || parts.length < 1 || parts.length > 2) throw new Error(`bad sample line: ${line}`);
    const value = parseValue(parts[0], line);
    const family = [...types.keys()].find((family) => family === name || (SUFFIXES[types.get(family)!] ?? []).some((suffix) => `${family}${suffix}` === name));
    if (!family) throw new Error(`sample without a TYPE: ${line}`);
    samples.push({ name, labels, value });
  }
  return { types, samples };
}

/** The value of the one sample with this name and these labels (undefined when absent). */
export function sampleValue(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const found = samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  if (found.length > 1) throw new Error(`${found.length} samples match ${name} ${JSON.stringify(labels)}`);
  return found[0]?.value;
}
