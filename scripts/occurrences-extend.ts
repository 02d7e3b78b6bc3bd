// npm run occurrences:extend
// Stores the dates of every series up to 18 months from today (the server also does it once a day).
import { extendOccurrences } from '../app/.server/events/occurrences';
import { getServices } from '../app/.server/services';

const services = getServices();
const extended = await extendOccurrences(services);
console.log(`Séries prolongées jusqu’à l’horizon de 18 mois : ${extended}`);
await services.close();
process.exit(0);
