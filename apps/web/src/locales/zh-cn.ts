/* biome-ignore-all lint/suspicious/noTemplateCurlyInString: antd fills ${label} etc. itself */
import type { FormProps } from 'antd/es/form';

type ValidateMessages = NonNullable<FormProps['validateMessages']>;

export const APP_NAME = '展览供应商接单平台';

export function pageTitle(name?: string): string {
  return name ? `${name} - ${APP_NAME}` : APP_NAME;
}

/** docs/seed-map.md § Form messages: the generic form messages, in Chinese. */
export const validateMessages: ValidateMessages = {
  default: '${label}填写不正确',
  required: '请输入${label}',
  whitespace: '${label}不能为空',
  types: {
    string: '${label}不是有效的${type}',
    method: '${label}不是有效的${type}',
    array: '${label}不是有效的${type}',
    object: '${label}不是有效的${type}',
    number: '${label}不是有效的${type}',
    date: '${label}不是有效的${type}',
    boolean: '${label}不是有效的${type}',
    integer: '${label}不是有效的${type}',
    float: '${label}不是有效的${type}',
    regexp: '${label}不是有效的${type}',
    email: '${label}不是有效的${type}',
    url: '${label}不是有效的${type}',
    hex: '${label}不是有效的${type}',
  },
  string: {
    len: '${label}须为${len}个字符',
    min: '${label}最少${min}个字符',
    max: '${label}最多${max}个字符',
    range: '${label}须在${min}-${max}个字符之间',
  },
  number: {
    len: '${label}必须等于${len}',
    min: '${label}最小值为${min}',
    max: '${label}最大值为${max}',
    range: '${label}须在${min}-${max}之间',
  },
  pattern: { mismatch: '${label}格式不正确' },
};
