// npm run test:firebase:journeys / :hosting (side by side in `npm run test:firebase`), npm run firebase:local: runs each
// command given with Firebase emulators of its own started (Auth emulator of firebase-tools, in-process Firestore,
// Cloud Storage stand-in), then stops them. Offline; free loopback ports, so that two runs never share a store.
//   node --import tsx scripts/with-firebase-emulators.ts "cmd 1" "cmd 2"
import { spawn } from 'node:child_process';
import { startFirebaseEmulators } from '../tests/support/firebase-emulators';

const commands = process.argv.slice(2);
const started = Date.now();
const emulators = await startFirebaseEmulators();
console.log(
  `[émulateurs] prêts en ${((Date.now() - started) / 1000).toFixed(1)} s : ${Object.entries(emulators.env)
    .map(([k, v]) => `${k}=${v}`)
    .join(' ')}`,
);

// Ctrl-C reaches the command too (`npm run firebase:local`, which runs until then): once it has stopped, the
// emulators are stopped below instead of being left behind.
process.on('SIGINT', () => {});

let code = 0;
for (const command of commands) {
  code = await new Promise<number>((resolve) => {
    const child = spawn(command, { shell: true, stdio: 'inherit', env: { ...process.env, ...emulators.env } });
    child.on('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)));
  });
  if (code !== 0) break;
}
await emulators.stop();
process.exit(code);
