import { type ComponentType, lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import {
  AREA_PRESETS,
  areaPresetKey,
  DEFAULT_FILTERS,
  GROUP_CHIPS,
  type OrderFilters,
  STATUS_OPTIONS,
} from '../lib/filters.ts';

// The pickers (antd's cascader with the region names, antd's range picker) load when the member
// first opens them; until then the fields are plain (docs/web.md § Page speed).
const loadRegion = () => import('./region-filter.tsx');
const loadDates = () => import('./date-range-filter.tsx');
const RegionFilter = lazy(loadRegion);
const DateRangeFilter = lazy(loadDates);

export interface FilterPanelProps {
  filters: OrderFilters;
  onChange: (next: Partial<OrderFilters>) => void;
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="zl-oc-frow">
      <span className="zl-oc-flabel">{label}</span>
      <div className="zl-oc-fctl">{children}</div>
    </div>
  );
}

/** A filter choice: a pressed / unpressed button (antd's checkable tag look). */
function Chip({ on, onClick, children }: { on: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      className={on ? 'zl-oc-chip zl-oc-chip-on' : 'zl-oc-chip'}
      aria-pressed={on}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

/** 0–100,000 whole square metres; anything else is no bound. */
export function areaBound(text: string): number | null {
  if (text.trim() === '') return null;
  const n = Number(text);
  if (!Number.isFinite(n)) return null;
  return Math.min(100_000, Math.max(0, Math.round(n)));
}

function AreaInput(props: {
  label: string;
  value: number | null;
  onChange: (v: number | null) => void;
  onApply: () => void;
}) {
  return (
    <input
      type="number"
      className="zl-oc-num"
      inputMode="numeric"
      min={0}
      max={100000}
      step={1}
      value={props.value ?? ''}
      placeholder={props.label}
      onChange={(e) => props.onChange(areaBound(e.target.value))}
      onBlur={props.onApply}
      onKeyDown={(e) => {
        if (e.key === 'Enter') props.onApply();
      }}
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

const ARROW = 'M4 6l4 4 4-4';
const CALENDAR = 'M3 4h10v9H3zM3 7h10M6 2v3M10 2v3';

/**
 * A picker's field before its code has loaded: the value (or the placeholder) in antd's input look;
 * the first click, Enter, Space or ↓ loads the picker and opens it, and it stays from then on.
 * Hovering starts the download.
 */
function LazyPicker<P>({
  label,
  text,
  placeholder,
  icon,
  load,
  Picker,
  props,
}: {
  label: string;
  /** the value, or a range's two ends (drawn as antd's range picker draws them) */
  text: string | [string, string];
  placeholder: string | [string, string];
  icon: string;
  load: () => Promise<unknown>;
  Picker: ComponentType<P & { initialOpen?: boolean }>;
  props: P;
}) {
  const [active, setActive] = useState(false);
  const field = (
    <button
      type="button"
      className="zl-oc-pick"
      aria-haspopup="dialog"
      onPointerEnter={() => void load()}
      onFocus={() => void load()}
      onClick={() => setActive(true)}
      onKeyDown={(e) => {
        if (e.key === 'ArrowDown') {
          e.preventDefault();
          setActive(true);
        }
      }}
    >
      {/* the name is the field's label, then what it shows (WCAG 2.5.3: the shown text is in it) */}
      <span className="zl-visually-hidden">{label}：</span>
      {Array.isArray(text) && Array.isArray(placeholder) ? (
        <span className="zl-oc-pick-range">
          <span className={text[0] ? 'zl-oc-pick-value' : undefined}>{text[0] || placeholder[0]}</span>
          <span aria-hidden="true">→</span>
          <span className={text[1] ? 'zl-oc-pick-value' : undefined}>{text[1] || placeholder[1]}</span>
        </span>
      ) : (
        <span className={text ? 'zl-oc-pick-value' : undefined}>{text || placeholder}</span>
      )}
      <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
        <path d={icon} fill="none" stroke="currentColor" strokeWidth="1.2" />
      </svg>
    </button>
  );
  if (!active) return field;
  return (
    <Suspense fallback={field}>
      <Picker {...props} initialOpen />
    </Suspense>
  );
}

/** The hall's filters: the same panel inline on desktop and in a drawer on phones. */
export function FilterPanel({ filters, onChange }: FilterPanelProps) {
  const preset = areaPresetKey(filters);
  const region = [filters.prov, filters.city].filter(Boolean).join(' / ');
  return (
    <div className="zl-oc-filters">
      <Row label="类别">
        {GROUP_CHIPS.map(([id, label]) => (
          <Chip key={id} on={filters.groupid === id} onClick={() => onChange({ groupid: id })}>
            {label}
          </Chip>
        ))}
      </Row>
      <Row label="面积">
        <Chip on={preset === null} onClick={() => onChange({ areaMin: null, areaMax: null })}>
          不限
        </Chip>
        {AREA_PRESETS.map((p) => (
          <Chip
            key={p.key}
            on={preset === p.key}
            onClick={() =>
              onChange(
                preset === p.key ? { areaMin: null, areaMax: null } : { areaMin: p.min, areaMax: p.max },
              )
            }
          >
            {p.label}
          </Chip>
        ))}
        <CustomArea filters={filters} onChange={onChange} />
      </Row>
      <div className="zl-oc-frow-pair">
        <Row label="地区">
          <LazyPicker
            label="地区"
            text={region}
            placeholder="全国"
            icon={ARROW}
            load={loadRegion}
            Picker={RegionFilter}
            props={{
              prov: filters.prov,
              city: filters.city,
              onChange: (prov: string, city: string) => onChange({ prov, city }),
            }}
          />
        </Row>
        <Row label="展期">
          <LazyPicker
            label="展期"
            text={[filters.sdateFrom, filters.sdateTo]}
            placeholder={['开始日期', '结束日期']}
            icon={CALENDAR}
            load={loadDates}
            Picker={DateRangeFilter}
            props={{
              from: filters.sdateFrom,
              to: filters.sdateTo,
              onChange: (sdateFrom: string, sdateTo: string) => onChange({ sdateFrom, sdateTo }),
            }}
          />
        </Row>
        <Row label="进场">
          <LazyPicker
            label="进场日期"
            text={[filters.buildFrom, filters.buildTo]}
            placeholder={['开始日期', '结束日期']}
            icon={CALENDAR}
            load={loadDates}
            Picker={DateRangeFilter}
            props={{
              from: filters.buildFrom,
              to: filters.buildTo,
              onChange: (buildFrom: string, buildTo: string) => onChange({ buildFrom, buildTo }),
            }}
          />
        </Row>
      </div>
      <Row label="状态">
        {STATUS_OPTIONS.map((o) => (
          <Chip key={o.value} on={filters.status === o.value} onClick={() => onChange({ status: o.value })}>
            {o.label}
          </Chip>
        ))}
      </Row>
    </div>
  );
}

export { DEFAULT_FILTERS };
