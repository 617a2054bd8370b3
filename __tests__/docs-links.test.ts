// Every relative link in the project's Markdown (README, docs/, CONTRIBUTING, baselines/ …) points
// at a file that exists, and a link with a #fragment at a heading that file has: moving a section
// from the README to docs/ must not leave readers at a dead anchor.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** GitHub's heading anchor: lower case, punctuation dropped, spaces to hyphens. */
export function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_\- ]/gu, '')
    .replace(/ /g, '-');
}

function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.*)$/.exec(line);
    if (heading?.[1]) anchors.add(headingAnchor(heading[1]));
  }
  return anchors;
}

function relativeLinks(markdown: string): string[] {
  const links = [...markdown.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1] ?? '');
  return links.filter((link) => !/^(https?:|mailto:)/.test(link));
}

/** The broken links of one Markdown file, as `file: link (why)`. */
function brokenLinks(file: string): string[] {
  const markdown = readFileSync(join(ROOT, file), 'utf8');
  return relativeLinks(markdown).flatMap((link) => {
    const [path = '', fragment] = link.split('#');
    const target = path === '' ? file : normalize(join(dirname(file), path));
    if (!existsSync(join(ROOT, target))) return [`${file}: ${link} (no such file)`];
    if (fragment === undefined || !target.endsWith('.md')) return [];
    const anchors = anchorsOf(readFileSync(join(ROOT, target), 'utf8'));
    return anchors.has(fragment) ? [] : [`${file}: ${link} (no heading #${fragment} in ${target})`];
  });
}

const markdownFiles = execFileSync('git', ['ls-files', '*.md'], { cwd: ROOT, encoding: 'utf8' })
  .split('\n')
  .filter((file) => file !== '' && !file.startsWith('__fixtures__/') && existsSync(join(ROOT, file)));

describe('links between the Markdown files', () => {
  it('finds the project Markdown', () => {
    expect(markdownFiles).toEqual(expect.arrayContaining(['README.md', 'docs/architecture.md']));
  });

  it('points every relative link at a file and heading that exist', () => {
    expect(markdownFiles.flatMap(brokenLinks)).toEqual([]);
  });

  it('makes anchors as GitHub does', () => {
    expect(headingAnchor('Where the server and sysbench run (`--pin`)')).toBe(
      'where-the-server-and-sysbench-run---pin',
    );
    expect(headingAnchor('MySQL 9.7')).toBe('mysql-97');
  });
});
