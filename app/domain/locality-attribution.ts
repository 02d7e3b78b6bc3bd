// The source of the gazetteer (LOCALITIES.md), apart from it: a page that credits it does not load it.
export const LOCALITY_ATTRIBUTION = 'Données\u00a0: GeoNames (geonames.org), CC BY 4.0';
