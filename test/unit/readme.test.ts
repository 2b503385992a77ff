/**
 * A newcomer reads the README in a clone: every link it holds must lead somewhere in that
 * clone (shared/docs/ belongs to the project's steering repository, not to this one).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../..');
const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');

/** GitHub's heading anchors: lower case, punctuation dropped, spaces as hyphens. */
function anchor(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[`*_]/g, '')
    .replace(/[^\p{L}\p{N} -]/gu, '')
    .replace(/ /g, '-');
}

describe('README', () => {
  const links = [...readme.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]);
  const headings = new Set([...readme.matchAll(/^#{1,6} (.+)$/gm)].map((match) => anchor(match[1])));

  it('links only to files a clone has', () => {
    const files = links.filter((link) => !/^(https?:|mailto:|#)/.test(link));
    expect(files.length).toBeGreaterThan(0);
    for (const link of files) expect(fs.existsSync(path.join(root, link.split('#')[0])), link).toBe(true);
  });

  it('links to headings it has', () => {
    for (const link of links.filter((l) => l.startsWith('#'))) expect(headings.has(link.slice(1)), link).toBe(true);
  });

  it('names no document outside the repository', () => {
    expect(readme).not.toMatch(/shared\/docs|interface-spec\.md|architecture\.md/);
  });

  it('says how to upgrade a checkout install and what a failed migration leaves', () => {
    const section = readme.split('### Upgrading a checkout install')[1]?.split(/\n#{2,3} /)[0] ?? '';
    expect(section).toContain('git pull');
    expect(section).toContain('npm ci');
    expect(section).toMatch(/Migrations run by themselves/);
    expect(section).toMatch(/if one\s+fails, none is kept/);
  });
});
