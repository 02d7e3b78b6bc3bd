// Commit subjects as good projects write them (issue 72): each commit since a given one has a subject under 72
// characters, counted in bytes of UTF-8 as git tools and hosts count them (« é », « ’ », « « » weigh two or three);
// the why goes in the body. Merges are left out (git writes their subject).
// Usage: node scripts/commit-subjects.mjs <commit>      (e.g. main, or the commit before an issue's first)
import { execFileSync } from 'node:child_process';

const SUBJECT_MAX = 72;
const since = process.argv[2];
if (!since) {
  console.error('Usage : node scripts/commit-subjects.mjs <commit>');
  process.exit(2);
}
const log = execFileSync('git', ['log', '--no-merges', '--format=%h %s', `${since}..HEAD`], { encoding: 'utf8' });
const commits = log.split('\n').filter(Boolean);
const long = commits
  .map((line) => ({ hash: line.slice(0, line.indexOf(' ')), subject: line.slice(line.indexOf(' ') + 1) }))
  .filter(({ subject }) => Buffer.byteLength(subject) > SUBJECT_MAX);
for (const { hash, subject } of long) console.log(`${hash} : ${Buffer.byteLength(subject)} octets — ${subject}`);
console.log(
  long.length
    ? `${long.length} sujet(s) sur ${commits.length} de plus de 72 octets.`
    : `${commits.length} commit(s) depuis ${since} : chaque sujet tient en 72 octets.`,
);
process.exitCode = long.length ? 1 : 0;
