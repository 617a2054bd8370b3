#!/usr/bin/env node
// The files scripts/release.sh edits, edited in one place: CHANGELOG.md (Keep a Changelog: the
// "Unreleased" section becomes the release's), package.json and package-lock.json (the version).
// Each subcommand prints one line and exits 2 when it refuses.
//
//   node scripts/lib/release-files.mjs check-changelog <version>
//   node scripts/lib/release-files.mjs apply <version> <date> [<previous tag>]
//   node scripts/lib/release-files.mjs notes <version>          (the release's section, for its tag)
//   node scripts/lib/release-files.mjs same-dependencies <old package-lock.json>
import { readFileSync, writeFileSync } from 'node:fs';

const CHANGELOG = 'CHANGELOG.md';

function fail(message) {
  process.stderr.write(`release: ${message}\n`);
  process.exit(2);
}

const isHeading = (line) => /^## /.test(line);
const escaped = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The lines of CHANGELOG.md and where its Unreleased section's body starts and ends. */
function readChangelog() {
  let text;
  try {
    text = readFileSync(CHANGELOG, 'utf8');
  } catch {
    fail(`${CHANGELOG} is missing: it needs an "## [Unreleased]" section`);
  }
  const lines = text.split('\n');
  const start = lines.findIndex((line) => /^## \[Unreleased\]\s*$/i.test(line));
  if (start < 0) fail(`${CHANGELOG} has no "## [Unreleased]" section`);
  const next = lines.findIndex((line, index) => index > start && isHeading(line));
  const end = next < 0 ? lines.findIndex((line, index) => index > start && /^\[[^\]]+\]: /.test(line)) : next;
  return { lines, start, end: end < 0 ? lines.length : end };
}

function unreleasedBody({ lines, start, end }) {
  const body = lines.slice(start + 1, end);
  while (body.length > 0 && body[0]?.trim() === '') body.shift();
  while (body.length > 0 && body.at(-1)?.trim() === '') body.pop();
  return body;
}

function checkChangelog(version) {
  const changelog = readChangelog();
  if (changelog.lines.some((line) => new RegExp(`^## \\[${escaped(version)}\\]`).test(line)))
    fail(`${CHANGELOG} already has a section for ${version}`);
  if (unreleasedBody(changelog).length === 0)
    fail(`${CHANGELOG}'s Unreleased section is empty: list what the release changes first`);
}

/**
 * The link definitions at the end: [Unreleased] compares the new tag with HEAD, and the release
 * gets its own, from the previous tag (or its tag's page for the first one).
 */
function relink(lines, version, previousTag) {
  const index = lines.findIndex((line) => /^\[Unreleased\]: /i.test(line));
  const repository = /^\[Unreleased\]: (https:\/\/github\.com\/[^/\s]+\/[^/\s]+)\//i.exec(
    lines[index] ?? '',
  )?.[1];
  if (repository === undefined) return lines;
  const tag = `v${version}`;
  const own = previousTag
    ? `[${version}]: ${repository}/compare/${previousTag}...${tag}`
    : `[${version}]: ${repository}/releases/tag/${tag}`;
  return [
    ...lines.slice(0, index),
    `[Unreleased]: ${repository}/compare/${tag}...HEAD`,
    own,
    ...lines.slice(index + 1),
  ];
}

function setVersion(file, version, lock) {
  const text = readFileSync(file, 'utf8');
  const manifest = JSON.parse(text);
  if (JSON.stringify(manifest, null, 2) + '\n' !== text)
    fail(`${file} is not formatted as JSON.stringify(…, null, 2) writes it: cannot set its version safely`);
  manifest.version = version;
  if (lock && manifest.packages?.['']) manifest.packages[''].version = version;
  writeFileSync(file, JSON.stringify(manifest, null, 2) + '\n');
}

function apply(version, date, previousTag) {
  checkChangelog(version);
  const changelog = readChangelog();
  const { lines, start, end } = changelog;
  const released = [
    ...lines.slice(0, start + 1),
    '',
    `## [${version}] - ${date}`,
    '',
    ...unreleasedBody(changelog),
    '',
    ...lines.slice(end),
  ];
  writeFileSync(CHANGELOG, relink(released, version, previousTag).join('\n'));
  setVersion('package.json', version, false);
  setVersion('package-lock.json', version, true);
}

function notes(version) {
  const { lines } = readChangelog();
  const start = lines.findIndex((line) => line.startsWith(`## [${version}]`));
  if (start < 0) fail(`${CHANGELOG} has no section for ${version}`);
  const next = lines.findIndex(
    (line, index) => index > start && (isHeading(line) || /^\[[^\]]+\]: /.test(line)),
  );
  process.stdout.write(
    `${lines
      .slice(start + 1, next < 0 ? lines.length : next)
      .join('\n')
      .trim()}\n`,
  );
}

/** Whether two lock files lock the same packages, whatever this package's own version. */
function sameDependencies(oldLockFile) {
  const withoutVersion = (text) => {
    const lock = JSON.parse(text);
    delete lock.version;
    if (lock.packages?.['']) delete lock.packages[''].version;
    return JSON.stringify(lock);
  };
  const same =
    withoutVersion(readFileSync(oldLockFile, 'utf8')) ===
    withoutVersion(readFileSync('package-lock.json', 'utf8'));
  process.exit(same ? 0 : 1);
}

const [command, ...args] = process.argv.slice(2);
switch (command) {
  case 'check-changelog':
    checkChangelog(args[0]);
    break;
  case 'apply':
    apply(args[0], args[1], args[2]);
    break;
  case 'notes':
    notes(args[0]);
    break;
  case 'same-dependencies':
    sameDependencies(args[0]);
    break;
  default:
    fail(`unknown subcommand ${command ?? '(none)'} of release-files.mjs`);
}
