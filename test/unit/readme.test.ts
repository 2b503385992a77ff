/**
 * A newcomer reads the README and docs/ in a clone: every link they hold must lead somewhere
 * in that clone (shared/docs/ belongs to the project's steering repository, not to this one),
 * the README must stay short enough to read, and what it promises about configuration and
 * the folder map must match the code.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENVIRONMENT } from '../../src/platform/config';
import { buildProgram } from '../../cli/program';

const root = path.resolve(__dirname, '../..');
const read = (file: string): string => fs.readFileSync(path.join(root, file), 'utf8');

/** Every Markdown page a reader of the repository is sent to: the README, docs/, bench/README.md. */
function pages(): string[] {
  const docs = fs.existsSync(path.join(root, 'docs'))
    ? fs
        .readdirSync(path.join(root, 'docs'), { recursive: true, encoding: 'utf8' })
        .filter((name) => name.endsWith('.md'))
        .map((name) => path.join('docs', name))
    : [];
  return ['README.md', 'bench/README.md', ...docs.sort()];
}

/** The text outside fenced code blocks (a `# comment` in a shell block is no heading). */
function prose(text: string): string {
  return text.replace(/^```[^\n]*\n[\s\S]*?^```$/gm, '');
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces as hyphens. */
function anchor(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[`*_]/g, '')
    .replace(/[^\p{L}\p{N} -]/gu, '')
    .replace(/ /g, '-');
}

function anchorsOf(file: string): Set<string> {
  return new Set([...prose(read(file)).matchAll(/^#{1,6} (.+)$/gm)].map((match) => anchor(match[1])));
}

function linksOf(file: string): string[] {
  return [...prose(read(file)).matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]);
}

function lineCount(file: string): number {
  const text = read(file);
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

/** The rows of the README's configuration table: key → its environment variable ('' for none). */
function configurationTable(): Map<string, string> {
  const section = read('README.md').split('\n## Configuration\n')[1]?.split('\n## ')[0] ?? '';
  const rows = new Map<string, string>();
  for (const [, key, variable] of section.matchAll(/^\| `([A-Za-z.]+)` \| (?:`(FANTASY_[A-Z_]+)`)? ?\|/gm)) rows.set(key, variable ?? '');
  return rows;
}

function keysOf(value: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(value).flatMap(([key, inner]) =>
    inner !== null && typeof inner === 'object' ? keysOf(inner as Record<string, unknown>, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

/** The folders docs/architecture.md's tree names, as paths from the repository root. */
function foldersInTheMap(): string[] {
  const tree = read('docs/architecture.md').split('\n## Folders\n')[1]?.split(/^```$/m)[1] ?? '';
  const stack: string[] = [];
  const folders: string[] = [];
  for (const [, indent, name] of tree.matchAll(/^( *)([\w.-]+)\/(?: |$)/gm)) {
    stack.length = indent.length / 2;
    stack.push(name);
    folders.push(stack.join('/'));
  }
  return folders;
}

function foldersUnder(top: string): string[] {
  return [
    top,
    ...fs
      .readdirSync(path.join(root, top), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name))),
  ];
}

describe('README and docs/', () => {
  it('link only to files a clone has, and to headings those files have', () => {
    let checked = 0;
    for (const page of pages()) {
      for (const link of linksOf(page).filter((l) => !/^(https?:|mailto:)/.test(l))) {
        const [target, fragment] = link.split('#');
        const file = target === '' ? page : path.join(path.dirname(page), target);
        expect(fs.existsSync(path.join(root, file)), `${page}: ${link}`).toBe(true);
        if (fragment !== undefined && file.endsWith('.md')) expect(anchorsOf(file).has(fragment), `${page}: ${link}`).toBe(true);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('leave no page under docs/ that the README does not lead to', () => {
    const linked = new Set(linksOf('README.md').map((link) => link.split('#')[0]));
    const docs = pages().filter((page) => page.startsWith('docs/'));
    expect(docs.length).toBeGreaterThan(0);
    for (const page of [...docs, 'bench/README.md']) expect(linked.has(page), page).toBe(true);
  });

  it('name no document outside the repository', () => {
    for (const page of pages()) expect(read(page), page).not.toMatch(/shared\/docs|interface-spec\.md|game-rules\.md|external-apis\.md/);
  });

  it('keep the README to 250 lines and the architecture map to 150', () => {
    expect(lineCount('README.md')).toBeLessThanOrEqual(250);
    expect(fs.existsSync(path.join(root, 'docs/architecture.md'))).toBe(true);
    expect(lineCount('docs/architecture.md')).toBeLessThanOrEqual(150);
  });

  it('open the README on the two commands a newcomer needs', () => {
    const firstScreen = read('README.md').split('\n').slice(0, 40).join('\n');
    expect(firstScreen).toContain('\nnpm ci && npm start\n');
    expect(firstScreen).toContain('\nnpm test\n');
  });

  it('list every configuration key in the README with its environment variable', () => {
    const table = configurationTable();
    const example = JSON.parse(read('fantasy.config.example.json')) as Record<string, unknown>;
    expect([...table.keys()].sort()).toEqual(keysOf(example).sort());
    const variables = Object.entries(ENVIRONMENT).map(([variable, [keyPath]]) => [keyPath.join('.'), variable]);
    for (const [key, variable] of variables) expect(table.get(key), key).toBe(variable);
    expect([...table.values()].filter(Boolean).sort()).toEqual(Object.keys(ENVIRONMENT).sort());
  });

  it('list every verb of the command line, and no verb that is gone', () => {
    const section = read('README.md').split('\n## Command line\n')[1]?.split('\n## ')[0] ?? '';
    const listed = [...section.matchAll(/^\| `([a-z][a-z-]*)[ `]/gm)].map((match) => match[1]);
    expect(listed.sort()).toEqual(buildProgram().commands.map((command) => command.name()).sort());
  });

  it('map every folder of src/ and test/, and no folder that is gone', () => {
    const mapped = foldersInTheMap();
    const real = [...foldersUnder('src'), ...foldersUnder('test')];
    for (const folder of real) expect(mapped, folder).toContain(folder);
    for (const folder of mapped) expect(fs.existsSync(path.join(root, folder)), folder).toBe(true);
  });

  it('say how to upgrade a checkout install and what a failed migration leaves', () => {
    const section = read('docs/operations.md').split('### Upgrading a checkout install')[1]?.split(/\n#{2,3} /)[0] ?? '';
    expect(section).toContain('git pull');
    expect(section).toContain('npm ci');
    expect(section).toMatch(/Migrations run by themselves/);
    expect(section).toMatch(/if one\s+fails, none is kept/);
  });
});
