// The source of the list of localities (LOCALITIES.md), apart from the list: a page that credits it does not load it.
export const LOCALITY_ATTRIBUTION = 'Localités : GeoNames (geonames.org), CC BY 4.0';
