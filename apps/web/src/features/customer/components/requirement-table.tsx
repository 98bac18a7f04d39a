import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { requirementItemInputSchema } from '@zl/shared';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Table from 'antd/es/table';
import { zodRule } from '../../../lib/zod-rule.ts';

const I = requirementItemInputSchema.shape;

export const MAX_ITEMS = 50;

const NEW_ROW = { name: '', spec: '', unit: '项', qty: 1, remark: '' };

/**
 * One requirement list (地面, 背板 …) as an editable table: name, spec, unit, qty, remark.
 * The rows are a Form.List, so the values sit in the publish form under the seed's list name.
 */
export function RequirementTable({ name, label }: { name: string; label: string }) {
  return (
    <Form.List name={name}>
      {(fields, { add, remove }) => (
        <div className="zl-req">
          <Table
            size="small"
            rowKey="key"
            pagination={false}
            dataSource={fields}
            scroll={{ x: 720 }}
            locale={{ emptyText: `暂无${label}需求，可点击下方按钮添加` }}
            columns={[
              {
                title: '名称',
                key: 'name',
                width: 160,
                render: (_, f) => (
                  <Form.Item name={[f.name, 'name']} rules={[zodRule(I.name)]}>
                    <Input placeholder="如：地台" maxLength={50} aria-label={`${label}名称`} />
                  </Form.Item>
                ),
              },
              {
                title: '规格 / 材质',
                key: 'spec',
                render: (_, f) => (
                  <Form.Item name={[f.name, 'spec']} rules={[zodRule(I.spec, { optional: true })]}>
                    <Input
                      placeholder="如：10cm 木地台 + 灰色地毯"
                      maxLength={100}
                      aria-label={`${label}规格`}
                    />
                  </Form.Item>
                ),
              },
              {
                title: '单位',
                key: 'unit',
                width: 80,
                render: (_, f) => (
                  <Form.Item name={[f.name, 'unit']} rules={[zodRule(I.unit)]}>
                    <Input placeholder="m²" maxLength={10} aria-label={`${label}单位`} />
                  </Form.Item>
                ),
              },
              {
                title: '数量',
                key: 'qty',
                width: 100,
                render: (_, f) => (
                  <Form.Item name={[f.name, 'qty']} rules={[zodRule(I.qty)]}>
                    <InputNumber
                      min={1}
                      max={100000}
                      precision={0}
                      style={{ width: '100%' }}
                      aria-label={`${label}数量`}
                    />
                  </Form.Item>
                ),
              },
              {
                title: '备注',
                key: 'remark',
                width: 160,
                render: (_, f) => (
                  <Form.Item name={[f.name, 'remark']} rules={[zodRule(I.remark, { optional: true })]}>
                    <Input maxLength={200} aria-label={`${label}备注`} />
                  </Form.Item>
                ),
              },
              {
                title: '',
                key: 'op',
                width: 48,
                render: (_, f) => (
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={`删除${label}第 ${f.name + 1} 项`}
                    onClick={() => remove(f.name)}
                  />
                ),
              },
            ]}
          />
          <Button
            type="dashed"
            block
            icon={<PlusOutlined />}
            disabled={fields.length >= MAX_ITEMS}
            onClick={() => add({ ...NEW_ROW })}
            className="zl-req-add"
          >
            添加{label}需求{fields.length >= MAX_ITEMS ? `（最多 ${MAX_ITEMS} 项）` : ''}
          </Button>
        </div>
      )}
    </Form.List>
  );
}
