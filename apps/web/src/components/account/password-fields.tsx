import { PASSWORD_MAX, PASSWORD_MIN, passwordSchema } from '@zl/shared';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { zodRule } from '../../lib/zod-rule.ts';

/** New password + confirmation, validated by the shared passwordSchema. */
export function PasswordFields({ label = '密码' }: { label?: string }) {
  return (
    <>
      <Form.Item
        name="password"
        label={label}
        rules={[zodRule(passwordSchema)]}
        extra={`${PASSWORD_MIN}–${PASSWORD_MAX} 位，须同时包含字母和数字`}
      >
        <Input.Password placeholder={`设置${label}`} autoComplete="new-password" maxLength={PASSWORD_MAX} />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={`确认${label}`}
        dependencies={['password']}
        rules={[
          { required: true, message: `请再次输入${label}` },
          ({ getFieldValue }) => ({
            validator: (_r, value) =>
              !value || getFieldValue('password') === value
                ? Promise.resolve()
                : Promise.reject(new Error('两次输入的密码不一致')),
          }),
        ]}
      >
        <Input.Password
          placeholder={`再次输入${label}`}
          autoComplete="new-password"
          maxLength={PASSWORD_MAX}
        />
      </Form.Item>
    </>
  );
}
