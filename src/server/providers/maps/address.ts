// Derives the convenience fields (area, city) from Google-style address components.
import type { AddressComponent } from '../../../shared/api/discovery.ts';

const AREA_TYPES = [
  'sublocality_level_1',
  'sublocality',
  'neighborhood',
  'sublocality_level_2',
  'locality',
  'administrative_area_level_2',
];

export function areaAndCity(components: AddressComponent[]): { area: string; city: string } {
  const find = (type: string) => components.find((c) => c.types.includes(type))?.long_name;
  const city = find('locality') ?? find('administrative_area_level_2') ?? '';
  let area = '';
  for (const t of AREA_TYPES) {
    const v = find(t);
    if (v) {
      area = v;
      break;
    }
  }
  return { area: area || city, city };
}
