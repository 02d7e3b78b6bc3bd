// Commit subjects as good projects write them (issue 72): each commit since a given one has a subject under 72
// characters; the why goes in the body. Merges are left out (git writes their subject).
// Usage: node scripts/commit-subjects.mjs <commit>      (e.g. main, or the commit before an issue's first)
import { execFileSync } from 'node:child_process';

const SUBJECT_MAX = 71;
const since = process.argv[2];
if (!since) {
  console.error('Usage : node scripts/commit-subjects.mjs <commit>');
  process.exit(2);
}
const log = execFileSync('git', ['log', '--no-merges', '--format=%h %s', `${since}..HEAD`], { encoding: 'utf8' });
const commits = log.split('\n').filter(Boolean);
const long = commits
  .map((line) => ({ hash: line.slice(0, line.indexOf(' ')), subject: line.slice(line.indexOf(' ') + 1) }))
  .filter(({ subject }) => [...subject].length > SUBJECT_MAX);
for (const { hash, subject } of long) console.log(`${hash} : ${[...subject].length} caractères — ${subject}`);
console.log(
  long.length
    ? `${long.length} sujet(s) sur ${commits.length} de 72 caractères ou plus.`
    : `${commits.length} commit(s) depuis ${since} : chaque sujet a moins de 72 caractères.`,
);
process.exitCode = long.length ? 1 : 0;
