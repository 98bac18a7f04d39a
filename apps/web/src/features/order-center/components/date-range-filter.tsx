import DatePicker from 'antd/es/date-picker';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { AntdProvider } from '../../../app/antd-provider.tsx';

export interface DateRangeFilterProps {
  from: string;
  to: string;
  onChange: (from: string, to: string) => void;
  /** opened by the click that loaded it */
  initialOpen?: boolean;
}

/**
 * antd's range picker for 展期 and 进场, in its own chunk with antd: it loads when the member first opens
 * the field (filter-panel.tsx draws a plain one until then; docs/web.md § Page speed).
 */
export default function DateRangeFilter({ from, to, onChange, initialOpen = false }: DateRangeFilterProps) {
  const [open, setOpen] = useState(initialOpen);
  const range: [Dayjs | null, Dayjs | null] | null =
    from || to ? [from ? dayjs(from) : null, to ? dayjs(to) : null] : null;
  return (
    <AntdProvider>
      <DatePicker.RangePicker
        value={range}
        open={open}
        onOpenChange={setOpen}
        autoFocus={initialOpen}
        allowEmpty={[true, true]}
        onChange={(v) =>
          onChange(v?.[0] ? v[0].format('YYYY-MM-DD') : '', v?.[1] ? v[1].format('YYYY-MM-DD') : '')
        }
        placeholder={['开始日期', '结束日期']}
        style={{ width: '100%' }}
      />
    </AntdProvider>
  );
}
