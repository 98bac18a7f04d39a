import { regionTree } from '@zl/shared';
import Cascader from 'antd/es/cascader';

export interface RegionCascaderProps {
  value?: string[];
  onChange?: (value: string[]) => void;
  placeholder?: string;
  disabled?: boolean;
  id?: string;
}

const filter = (input: string, path: Array<{ label?: unknown }>) =>
  path.some((o) => String(o.label ?? '').includes(input.trim()));

/** 省 / 市 / 区 from the shared GB/T 2260 names: any prefix of the path may be chosen. */
export function RegionCascader({
  value,
  onChange,
  placeholder = '请选择省 / 市 / 区',
  disabled,
  id,
}: RegionCascaderProps) {
  return (
    <Cascader
      id={id}
      options={regionTree()}
      value={value && value.length > 0 ? value : undefined}
      onChange={(v) => onChange?.((v ?? []).map(String))}
      changeOnSelect
      placeholder={placeholder}
      disabled={disabled}
      showSearch={{ filter }}
      style={{ width: '100%' }}
      allowClear
    />
  );
}

/** [prov, city, strt] ⇄ the seed's three fields. */
export function toRegion(prov = '', city = '', strt = ''): string[] {
  return [prov, city, strt].filter(Boolean);
}

export function fromRegion(v: string[] | undefined): [string, string, string] {
  return [v?.[0] ?? '', v?.[1] ?? '', v?.[2] ?? ''];
}
