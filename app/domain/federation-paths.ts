// The paths of the site's ActivityPub documents that its pages name (<link rel="alternate">, decision 102): the same
// as the federation serves (app/.server/federation: ACTOR_PATH, decision 096’s identifiers; an event’s object: page-targets.ts).
export const agendaActorPath = () => '/federation/acteurs/agenda';
export const venueActorPath = (venueId: string) => `/federation/acteurs/${encodeURIComponent(`lieu.${venueId}`)}`;
export const organizerActorPath = (organizerId: string) =>
  `/federation/acteurs/${encodeURIComponent(`organisateur.${organizerId}`)}`;
