import DatePicker from 'antd/es/date-picker';
import InputNumber from 'antd/es/input-number';
import Select from 'antd/es/select';
import Tag from 'antd/es/tag';
import dayjs, { type Dayjs } from 'dayjs';
import { lazy, Suspense, useEffect, useState } from 'react';
import { AntdProvider } from '../../../app/antd-provider.tsx';
import {
  AREA_PRESETS,
  areaPresetKey,
  DEFAULT_FILTERS,
  GROUP_CHIPS,
  type OrderFilters,
  STATUS_OPTIONS,
} from '../lib/filters.ts';

const RegionFilter = lazy(() => import('./region-filter.tsx'));

export interface FilterPanelProps {
  filters: OrderFilters;
  onChange: (next: Partial<OrderFilters>) => void;
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="zl-oc-frow">
      <span className="zl-oc-flabel">{label}</span>
      <div className="zl-oc-fctl">{children}</div>
    </div>
  );
}

function AreaInput(props: {
  label: string;
  value: number | null;
  onChange: (v: number | null) => void;
  onApply: () => void;
}) {
  return (
    <InputNumber
      size="small"
      min={0}
      max={100000}
      precision={0}
      value={props.value}
      placeholder={props.label}
      onChange={(v) => props.onChange(v)}
      onBlur={props.onApply}
      onPressEnter={props.onApply}
      aria-label={`${props.label}面积`}
    />
  );
}

/** Custom area bounds apply on blur / Enter, not on every keystroke (each change is a search). */
function CustomArea({ filters, onChange }: FilterPanelProps) {
  const [min, setMin] = useState<number | null>(filters.areaMin);
  const [max, setMax] = useState<number | null>(filters.areaMax);
  useEffect(() => {
    setMin(filters.areaMin);
    setMax(filters.areaMax);
  }, [filters.areaMin, filters.areaMax]);
  const apply = () => {
    const lo = min ?? null;
    const hi = max ?? null;
    if (lo !== null && hi !== null && lo > hi) onChange({ areaMin: hi, areaMax: lo });
    else if (lo !== filters.areaMin || hi !== filters.areaMax) onChange({ areaMin: lo, areaMax: hi });
  };
  return (
    <span className="zl-oc-area-custom">
      <AreaInput label="最小" value={min} onChange={setMin} onApply={apply} />
      <span>–</span>
      <AreaInput label="最大" value={max} onChange={setMax} onApply={apply} />
      <span>㎡</span>
    </span>
  );
}

/** The hall's filters: the same panel inline on desktop and in a drawer on phones. */
export function FilterPanel({ filters, onChange }: FilterPanelProps) {
  const preset = areaPresetKey(filters);
  const range: [Dayjs | null, Dayjs | null] | null =
    filters.sdateFrom || filters.sdateTo
      ? [filters.sdateFrom ? dayjs(filters.sdateFrom) : null, filters.sdateTo ? dayjs(filters.sdateTo) : null]
      : null;
  return (
    <div className="zl-oc-filters">
      <Row label="类别">
        {GROUP_CHIPS.map(([id, label]) => (
          <Tag.CheckableTag
            key={id}
            checked={filters.groupid === id}
            onChange={() => onChange({ groupid: id })}
            className="zl-oc-chip"
          >
            {label}
          </Tag.CheckableTag>
        ))}
      </Row>
      <Row label="面积">
        <Tag.CheckableTag
          checked={preset === null}
          onChange={() => onChange({ areaMin: null, areaMax: null })}
          className="zl-oc-chip"
        >
          不限
        </Tag.CheckableTag>
        {AREA_PRESETS.map((p) => (
          <Tag.CheckableTag
            key={p.key}
            checked={preset === p.key}
            onChange={(on) =>
              onChange(on ? { areaMin: p.min, areaMax: p.max } : { areaMin: null, areaMax: null })
            }
            className="zl-oc-chip"
          >
            {p.label}
          </Tag.CheckableTag>
        ))}
        <CustomArea filters={filters} onChange={onChange} />
      </Row>
      <div className="zl-oc-frow-pair">
        <Row label="地区">
          <Suspense fallback={<Select disabled placeholder="全国" style={{ width: '100%' }} />}>
            <RegionFilter
              prov={filters.prov}
              city={filters.city}
              onChange={(prov, city) => onChange({ prov, city })}
            />
          </Suspense>
        </Row>
        <Row label="展期">
          <DatePicker.RangePicker
            value={range}
            allowEmpty={[true, true]}
            onChange={(v) =>
              onChange({
                sdateFrom: v?.[0] ? v[0].format('YYYY-MM-DD') : '',
                sdateTo: v?.[1] ? v[1].format('YYYY-MM-DD') : '',
              })
            }
            placeholder={['开始日期', '结束日期']}
            style={{ width: '100%' }}
          />
        </Row>
      </div>
      <Row label="状态">
        {STATUS_OPTIONS.map((o) => (
          <Tag.CheckableTag
            key={o.value}
            checked={filters.status === o.value}
            onChange={() => onChange({ status: o.value })}
            className="zl-oc-chip"
          >
            {o.label}
          </Tag.CheckableTag>
        ))}
      </Row>
    </div>
  );
}

export { DEFAULT_FILTERS };

/**
 * The desktop's inline filters with antd's provider: the hall's frame and first screen draw no
 * antd, so this chunk brings it (docs/web.md § Page speed).
 */
export default function ScopedFilterPanel(props: FilterPanelProps) {
  return (
    <AntdProvider>
      <FilterPanel {...props} />
    </AntdProvider>
  );
}
