// The embedded agenda's limits (decision 047), shared by the iframe, the configurator and the widget's documentation.

/** At most this many events in an embedded agenda. */
export const EMBED_MAX = 20;
