import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import {
  FILING_CREW_MAX,
  FILING_KW_MAX,
  FILING_MATERIALS_MAX,
  FIRE_RATINGS,
  type FilingView,
  filingSaveSchema,
  fireRatingLabels,
} from '@zl/shared';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import Form, { type FormInstance } from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Select from 'antd/es/select';
import { useState } from 'react';
import { FileUpload } from '../../../components/upload/file-upload.tsx';
import { isBizError } from '../../../lib/biz-error.ts';
import { handleError } from '../../../lib/error-handler.ts';
import { withFeedback } from '../../../lib/feedback.ts';
import { useCompact } from '../../../lib/use-compact.ts';
import { useSubmitOnce } from '../../../lib/use-submit-once.ts';
import { zodRule } from '../../../lib/zod-rule.ts';
import { useFilingSave, useRefreshFiling } from '../api/filing.ts';
import {
  emptyCrew,
  emptyMaterial,
  type FilingValues,
  initialFilingValues,
  packFieldOf,
  placeErrors,
  toSaveBody,
} from '../lib/filing-values.ts';

const power = filingSaveSchema.shape.power.shape;
const crew = filingSaveSchema.shape.crew.element.shape;
const material = filingSaveSchema.shape.materials.element.shape;
const RATING_OPTIONS = FIRE_RATINGS.map((r) => ({ value: r, label: fireRatingLabels[r] }));

/** The refusals about the project or the filing as a whole: said above the buttons. */
const STATE_CODES = new Set(['INVALID_STATE', 'NOT_FOUND']);

function listRule(empty: string) {
  return {
    validator: async (_rule: unknown, rows: unknown[] | undefined) => {
      if (!rows || rows.length === 0) throw new Error(empty);
    },
  };
}

/** 施工人员: a grid on a desktop (its header names the columns), a card per person on a phone. */
function CrewEditor() {
  return (
    <Form.List name="crew" rules={[listRule('请至少填写一名施工人员')]}>
      {(fields, { add, remove }, { errors }) => (
        <div className="zl-filing-ed">
          <div className="zl-filing-ed-row zl-filing-crew-row zl-filing-ed-head" aria-hidden="true">
            <span>姓名</span>
            <span>工种</span>
            <span>手机号</span>
            <span>身份证号</span>
            <span />
          </div>
          {fields.map((field, i) => {
            const n = `第 ${i + 1} 人`;
            return (
              <div
                key={field.key}
                className="zl-filing-ed-row zl-filing-crew-row"
                data-testid={`filing-crew-${i}`}
              >
                <div className="zl-filing-ed-no">施工人员 {i + 1}</div>
                <Form.Item
                  name={[field.name, 'name']}
                  label="姓名"
                  required
                  className="zl-filing-crew-name"
                  rules={[zodRule(crew.name)]}
                >
                  <Input maxLength={30} placeholder="姓名" aria-label={`${n}姓名`} autoComplete="off" />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'role']}
                  label="工种"
                  required
                  className="zl-filing-crew-role"
                  rules={[zodRule(crew.role)]}
                >
                  <Input
                    maxLength={20}
                    placeholder="如 木工、电工"
                    aria-label={`${n}工种`}
                    autoComplete="off"
                  />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'mobile']}
                  label="手机号"
                  required
                  className="zl-filing-crew-mobile"
                  rules={[zodRule(crew.mobile)]}
                >
                  <Input
                    maxLength={11}
                    inputMode="tel"
                    placeholder="11 位手机号"
                    aria-label={`${n}手机号`}
                    autoComplete="off"
                  />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'idcard']}
                  label="身份证号"
                  required
                  className="zl-filing-crew-idcard"
                  rules={[zodRule(crew.idcard)]}
                >
                  <Input
                    maxLength={18}
                    placeholder="18 位身份证号"
                    aria-label={`${n}身份证号`}
                    autoComplete="off"
                    className="zl-filing-mono"
                  />
                </Form.Item>
                <div className="zl-filing-ed-del">
                  <Button
                    type="text"
                    icon={<DeleteOutlined />}
                    disabled={fields.length <= 1}
                    aria-label={`删除${n}`}
                    title={`删除${n}`}
                    onClick={() => remove(field.name)}
                  />
                </div>
              </div>
            );
          })}
          <Form.ErrorList errors={errors} />
          <Button
            icon={<PlusOutlined />}
            className="zl-filing-ed-add"
            disabled={fields.length >= FILING_CREW_MAX}
            onClick={() => add(emptyCrew())}
          >
            添加施工人员
          </Button>
        </div>
      )}
    </Form.List>
  );
}

/** 搭建材料: the material's name and its 防火等级 per row. */
function MaterialsEditor() {
  return (
    <Form.List name="materials" rules={[listRule('请至少填写一种搭建材料')]}>
      {(fields, { add, remove }, { errors }) => (
        <div className="zl-filing-ed">
          <div className="zl-filing-ed-row zl-filing-mat-row zl-filing-ed-head" aria-hidden="true">
            <span>材料名称</span>
            <span>防火等级</span>
            <span />
          </div>
          {fields.map((field, i) => {
            const n = `第 ${i + 1} 种材料`;
            return (
              <div
                key={field.key}
                className="zl-filing-ed-row zl-filing-mat-row"
                data-testid={`filing-material-${i}`}
              >
                <div className="zl-filing-ed-no">材料 {i + 1}</div>
                <Form.Item
                  name={[field.name, 'name']}
                  label="材料名称"
                  required
                  className="zl-filing-mat-name"
                  rules={[zodRule(material.name)]}
                >
                  <Input maxLength={40} placeholder="如 阻燃板、铝型材" aria-label={`${n}名称`} />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'fireRating']}
                  label="防火等级"
                  required
                  className="zl-filing-mat-rating"
                  rules={[{ required: true, message: '请选择防火等级' }]}
                >
                  <Select options={RATING_OPTIONS} placeholder="请选择" aria-label={`${n}防火等级`} />
                </Form.Item>
                <div className="zl-filing-ed-del">
                  <Button
                    type="text"
                    icon={<DeleteOutlined />}
                    disabled={fields.length <= 1}
                    aria-label={`删除${n}`}
                    title={`删除${n}`}
                    onClick={() => remove(field.name)}
                  />
                </div>
              </div>
            );
          })}
          <Form.ErrorList errors={errors} />
          <Button
            icon={<PlusOutlined />}
            className="zl-filing-ed-add"
            disabled={fields.length >= FILING_MATERIALS_MAX}
            onClick={() => add(emptyMaterial())}
          >
            添加材料
          </Button>
        </div>
      )}
    </Form.List>
  );
}

/** The form inside the drawer (mounted while it is open: it starts from the current filing). */
function PackForm({
  form,
  view,
  disabled,
}: {
  form: FormInstance<FilingValues>;
  view: FilingView;
  disabled: boolean;
}) {
  return (
    <Form<FilingValues>
      form={form}
      name={`filing-${view.id}`}
      layout="vertical"
      preserve={false}
      disabled={disabled}
      initialValues={initialFilingValues(view)}
      className="zl-filing-form"
      aria-label="报馆资料"
    >
      <h3 className="zl-filing-form-h">用电申报</h3>
      <div className="zl-filing-power">
        <Form.Item
          name={['power', 'kw']}
          label="用电功率"
          required
          rules={[zodRule(power.kw)]}
          extra="展位全部用电设备的总功率，最多保留一位小数"
        >
          <InputNumber
            min={0}
            max={FILING_KW_MAX}
            step={0.1}
            suffix="kW"
            inputMode="decimal"
            placeholder="如 15.5"
            aria-label="用电功率"
            className="zl-filing-kw"
          />
        </Form.Item>
        <Form.Item name={['power', 'box']} label="电箱规格" required rules={[zodRule(power.box)]}>
          <Input maxLength={40} placeholder="如 380V/63A 三相" aria-label="电箱规格" />
        </Form.Item>
      </div>

      <h3 className="zl-filing-form-h">施工人员</h3>
      <p className="zl-filing-muted">
        进场施工的全部人员，场馆据此办理施工证。身份证号仅用于报馆，参展商只能看到后 4 位。
      </p>
      <CrewEditor />

      <h3 className="zl-filing-form-h">搭建材料及防火等级</h3>
      <p className="zl-filing-muted">
        按 GB 8624：A 级不燃、B1 级难燃、B2 级可燃、B3 级易燃；多数场馆要求主要材料达到 B1 级以上。
      </p>
      <MaterialsEditor />

      <h3 className="zl-filing-form-h">施工保险</h3>
      <Form.Item
        name="insurance"
        label="施工保险单"
        required
        rules={[zodRule(filingSaveSchema.shape.insurance)]}
        extra="上传保险单的照片或 PDF，覆盖搭建和撤展期间的施工人员"
      >
        <FileUpload
          purpose="attachment"
          placeholder="上传保险单"
          initialFile={view.insurance ? { ...view.insurance, name: '施工保险单' } : null}
        />
      </Form.Item>
    </Form>
  );
}

/**
 * 填写 / 修改报馆资料 (Projectcenter/filingSave, the winner): the electrical load, the crew, the
 * materials with their fire rating and the insurance policy, in a drawer (the whole screen on a
 * phone). Sent once per submission; the server's field messages land on their fields
 * (`crew.0.idcard`, `power.kw`, `insurance`).
 */
export function FilingFormDrawer({
  view,
  open,
  onClose,
}: {
  view: FilingView;
  open: boolean;
  onClose: () => void;
}) {
  const compact = useCompact();
  const [form] = Form.useForm<FilingValues>();
  const save = useFilingSave();
  const refresh = useRefreshFiling();
  const once = useSubmitOnce();
  const [problem, setProblem] = useState('');
  const close = () => {
    if (once.busy) return;
    setProblem('');
    onClose();
  };

  const submit = () =>
    once.run(async () => {
      setProblem('');
      let v: FilingValues;
      try {
        v = await form.validateFields();
      } catch {
        return;
      }
      try {
        await save.mutateAsync(toSaveBody(view.id, v));
        withFeedback((f) => f.message.success('报馆资料已保存，可下载报馆 PDF 提交场馆'));
        setProblem('');
        onClose();
      } catch (err) {
        const placed = placeErrors(err, packFieldOf);
        if (placed.fields.length > 0) form.setFields(placed.fields as Parameters<typeof form.setFields>[0]);
        if (placed.other.length > 0) setProblem(placed.other.join('；'));
        else if (placed.fields.length > 0) return;
        else if (isBizError(err) && STATE_CODES.has(err.code)) {
          setProblem(err.message);
          void refresh(view.id);
        } else handleError(err);
      }
    });

  const title = view.status === 'none' ? '填写报馆资料' : '修改报馆资料';
  return (
    <Drawer
      open={open}
      title={title}
      size={compact ? '100%' : 760}
      onClose={close}
      destroyOnHidden
      mask={{ closable: false }}
      className="zl-filing-drawer"
      footer={
        <div className="zl-filing-drawer-foot">
          {problem && <Alert type="error" showIcon title={problem} className="zl-filing-problem" />}
          <div className="zl-filing-form-actions">
            <Button onClick={close} disabled={once.busy}>
              取消
            </Button>
            <Button type="primary" loading={once.busy} onClick={() => void submit()}>
              保存报馆资料
            </Button>
          </div>
        </div>
      }
    >
      <p className="zl-filing-muted zl-filing-form-intro">
        按场馆的报馆要求填写。保存后可下载报馆
        PDF（含展位信息、效果图和施工安全责任书）提交场馆；提交场馆后需等场馆回复要求修改才能再改。
      </p>
      {open && <PackForm form={form} view={view} disabled={once.busy} />}
    </Drawer>
  );
}
