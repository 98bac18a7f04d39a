import { areaList } from '@vant/area-data';

/**
 * Province / city / district names from the GB/T 2260 dataset shipped with the app
 * (@vant/area-data). Members and projects store the Chinese names; both sides validate them here.
 */
export interface RegionOption {
  value: string;
  label: string;
  children?: RegionOption[];
}

let tree: RegionOption[] | undefined;

/** The cascader tree: province → city → district, by name. Built once, on first use. */
export function regionTree(): RegionOption[] {
  if (tree) return tree;
  const provinces = new Map<string, RegionOption>();
  const cities = new Map<string, RegionOption>();
  for (const [code, name] of Object.entries(areaList.province_list)) {
    provinces.set(code.slice(0, 2), { value: name, label: name, children: [] });
  }
  for (const [code, name] of Object.entries(areaList.city_list)) {
    const city: RegionOption = { value: name, label: name, children: [] };
    cities.set(code.slice(0, 4), city);
    provinces.get(code.slice(0, 2))?.children?.push(city);
  }
  for (const [code, name] of Object.entries(areaList.county_list)) {
    cities.get(code.slice(0, 4))?.children?.push({ value: name, label: name });
  }
  tree = [...provinces.values()];
  return tree;
}

/**
 * True when the names form a path in the tree: a province alone, province + city, or
 * province + city + district. Empty trailing parts are allowed.
 */
export function isValidRegion(prov: string, city = '', strt = ''): boolean {
  if (!prov) return !city && !strt;
  const p = regionTree().find((o) => o.value === prov);
  if (!p) return false;
  if (!city) return !strt;
  const c = p.children?.find((o) => o.value === city);
  if (!c) return false;
  if (!strt) return true;
  return Boolean(c.children?.some((o) => o.value === strt));
}
