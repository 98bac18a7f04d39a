import { type RegionOption, regionTree } from '@zl/shared';
import Cascader from 'antd/es/cascader';
import { useState } from 'react';
import { AntdProvider } from '../../../app/antd-provider.tsx';

let options: RegionOption[] | undefined;

/** Provinces and cities only: the hall filters by city, a district is too narrow to be useful. */
function provinceCityTree(): RegionOption[] {
  options ??= regionTree().map((p) => ({
    value: p.value,
    label: p.label,
    children: p.children?.map((c) => ({ value: c.value, label: c.label })),
  }));
  return options;
}

const filter = (input: string, path: Array<{ label?: unknown }>) =>
  path.some((o) => String(o.label ?? '').includes(input.trim()));

export interface RegionFilterProps {
  prov: string;
  city: string;
  onChange: (prov: string, city: string) => void;
  /** opened by the click that loaded it */
  initialOpen?: boolean;
}

/**
 * Its own chunk, with antd (the GB/T 2260 names are ~85 KB gzip): it loads when the member first
 * opens the field (filter-panel.tsx draws a plain one until then; docs/web.md § Page speed).
 */
export default function RegionFilter({ prov, city, onChange, initialOpen = false }: RegionFilterProps) {
  const [open, setOpen] = useState(initialOpen);
  const value = [prov, city].filter(Boolean);
  return (
    <AntdProvider>
      <Cascader
        open={open}
        onOpenChange={setOpen}
        autoFocus={initialOpen}
        options={provinceCityTree()}
        value={value.length > 0 ? value : undefined}
        onChange={(v) => {
          const [p = '', c = ''] = (v ?? []).map(String);
          onChange(p, c);
        }}
        changeOnSelect
        showSearch={{ filter }}
        placeholder="全国"
        allowClear
        style={{ width: '100%' }}
        aria-label="地区"
      />
    </AntdProvider>
  );
}
