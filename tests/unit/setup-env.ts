// Unit tests never touch ./data: each run gets its own throw-away data directory.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// TEST_CLOCK=<instant>: the tests read the time from that instant on, as the e2e server does (docs/testing.md).
import '../support/test-clock';

process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'agenda-unit-'));
process.env.RATE_LIMIT_FORMS_PER_MINUTE = '3';
// Firebase clients in tests talk to emulators only, never to Google's metadata server.
process.env.METADATA_SERVER_DETECTION = 'none';
