import DatePicker, { type DatePickerProps } from 'antd/es/date-picker';
import dayjs, { type Dayjs } from 'dayjs';
import { chinaNow } from '../lib/time.ts';

const EARLIEST = dayjs('1900-01-01');
const outsidePast = (d: Dayjs) => d.isAfter(chinaNow(), 'day') || d.isBefore(EARLIEST);

/** A date that has already happened (a birthday, a company's founding): 1900-01-01 up to today. */
export function PastDatePicker(props: DatePickerProps) {
  return <DatePicker style={{ width: '100%' }} disabledDate={outsidePast} {...props} />;
}
