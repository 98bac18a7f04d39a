import Form, { type FormItemProps } from 'antd/es/form';
import Input from 'antd/es/input';

interface TextAreaItemProps extends Omit<FormItemProps, 'children'> {
  rows: number;
  maxLength: number;
  placeholder: string;
}

/** A form item holding a free-text area with its character count (descriptions, notes, reasons). */
export function TextAreaItem({ rows, maxLength, placeholder, ...item }: TextAreaItemProps) {
  return (
    <Form.Item {...item}>
      <Input.TextArea rows={rows} maxLength={maxLength} showCount placeholder={placeholder} />
    </Form.Item>
  );
}
