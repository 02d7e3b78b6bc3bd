// The timetable stand-in of the e2e runs, on TRANSPORT_STAND_IN_PORT, started by playwright.config.ts beside the server.
import { startTransportStandIn } from './transport-stand-in';

const port = Number(process.env.TRANSPORT_STAND_IN_PORT);
if (!port) throw new Error('TRANSPORT_STAND_IN_PORT manque : le port du serveur d’horaire de test.');
const { url } = await startTransportStandIn({ port });
console.log(`horaire de test sur ${url}`);
