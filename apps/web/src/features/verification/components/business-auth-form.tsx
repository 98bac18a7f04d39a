import { type AuthInfo, BS_TYPES, type BusinesAuthInput, businesAuthSchema, RECEIPT_TYPES } from '@zl/shared';
import Button from 'antd/es/button';
import Col from 'antd/es/col';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Row from 'antd/es/row';
import Select from 'antd/es/select';
import dayjs, { type Dayjs } from 'dayjs';
import { PastDatePicker } from '../../../components/past-date-picker.tsx';
import { fromRegion, RegionCascader, toRegion } from '../../../components/region-cascader.tsx';
import { FileUpload } from '../../../components/upload/file-upload.tsx';
import { withFeedback } from '../../../lib/feedback.ts';
import { reportSubmitError } from '../../../lib/form-errors.ts';
import { zodRule } from '../../../lib/zod-rule.ts';
import { useSubmitBusinessAuth } from '../api/business-auth.ts';
import { IdCardSides } from './id-card-sides.tsx';

interface BusinessValues {
  btitle: string;
  bstype?: string;
  taxorder: string;
  bdate?: Dayjs | null;
  bcerts: string;
  bregion: string[];
  name: string;
  mobile: string;
  tlphone: string;
  cardfrt: string;
  cardrvs: string;
  receipt?: string;
  fultitle: string;
  bkname: string;
  bkorder: string;
  mregion: string[];
  maddr: string;
}

const shape = businesAuthSchema.shape;
/** Server field names that live in one form control here. */
const RENAME = {
  bprov: 'bregion',
  bcity: 'bregion',
  bstrt: 'bregion',
  mprov: 'mregion',
  mcity: 'mregion',
  mstrt: 'mregion',
};

function clean(v: string | undefined): string {
  return v && !v.includes('*') ? v : '';
}

function initialOf(r: AuthInfo | null | undefined): Partial<BusinessValues> {
  if (!r) return { bregion: [], mregion: [], receipt: '' };
  return {
    btitle: r.btitle,
    bstype: r.bstype || undefined,
    taxorder: clean(r.taxorder),
    bdate: r.bdate ? dayjs(r.bdate) : null,
    bcerts: r.bcerts?.id ?? '',
    bregion: toRegion(r.bprov, r.bcity, r.bstrt),
    name: r.name,
    mobile: clean(r.mobile),
    tlphone: r.tlphone,
    cardfrt: r.cardfrt?.id ?? '',
    cardrvs: r.cardrvs?.id ?? '',
    receipt: r.receipt,
    fultitle: r.fultitle,
    bkname: r.bkname,
    bkorder: clean(r.bkorder),
    mregion: toRegion(r.mprov, r.mcity, r.mstrt),
    maddr: r.maddr,
  };
}

export function toBusinessInput(v: BusinessValues): BusinesAuthInput {
  const [bprov, bcity, bstrt] = fromRegion(v.bregion);
  const [mprov, mcity, mstrt] = fromRegion(v.mregion);
  return {
    btitle: v.btitle.trim(),
    bstype: v.bstype as BusinesAuthInput['bstype'],
    taxorder: v.taxorder.trim().toUpperCase(),
    bdate: v.bdate ? v.bdate.format('YYYY-MM-DD') : '',
    bcerts: v.bcerts,
    bprov,
    bcity,
    bstrt,
    name: v.name.trim(),
    mobile: v.mobile.trim(),
    tlphone: (v.tlphone ?? '').trim(),
    cardfrt: v.cardfrt,
    cardrvs: v.cardrvs,
    receipt: (v.receipt ?? '') as BusinesAuthInput['receipt'],
    fultitle: (v.fultitle ?? '').trim(),
    bkname: v.bkname.trim(),
    bkorder: v.bkorder.trim(),
    mprov,
    mcity,
    mstrt,
    maddr: (v.maddr ?? '').trim(),
  };
}

const regionRequired = {
  validator: (_r: unknown, v: string[] | undefined) =>
    v && v.length >= 2 ? Promise.resolve() : Promise.reject(new Error('请选择注册地区（至少到城市）')),
};

export interface BusinessAuthFormProps {
  record?: AuthInfo | null;
  readOnly?: boolean;
  onSubmitted?: () => void;
}

/** 企业认证: the seed's authInfo fields, grouped the way a licence and a bank form read. */
export function BusinessAuthForm({ record, readOnly, onSubmitted }: BusinessAuthFormProps) {
  const [form] = Form.useForm<BusinessValues>();
  const submit = useSubmitBusinessAuth();

  async function onFinish(v: BusinessValues) {
    try {
      await submit.mutateAsync(toBusinessInput(v));
      withFeedback((f) => f.message.success('企业认证资料已提交，请等待审核'));
      onSubmitted?.();
    } catch (err) {
      reportSubmitError(form, err, RENAME);
    }
  }

  const half = { xs: 24, md: 12 } as const;
  return (
    <Form<BusinessValues>
      form={form}
      requiredMark={false}
      layout="vertical"
      disabled={readOnly}
      onFinish={onFinish}
      initialValues={initialOf(record)}
      className="zl-auth-form"
      aria-label="企业认证"
      scrollToFirstError
    >
      <h3 className="zl-form-group">企业信息</h3>
      <Row gutter={16}>
        <Col {...half}>
          <Form.Item name="btitle" label="企业名称" rules={[zodRule(shape.btitle)]}>
            <Input placeholder="与营业执照一致" maxLength={100} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="bstype" label="企业类型" rules={[zodRule(shape.bstype)]}>
            <Select placeholder="请选择" options={BS_TYPES.map((t) => ({ value: t, label: t }))} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="taxorder"
            label="统一社会信用代码"
            rules={[zodRule(shape.taxorder)]}
            validateTrigger={['onBlur', 'onChange']}
            extra="营业执照上的 18 位代码"
          >
            <Input placeholder="18 位统一社会信用代码" maxLength={18} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="bdate" label="成立日期（选填）">
            <PastDatePicker />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="bregion" label="注册地区" rules={[regionRequired]}>
            <RegionCascader />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="bcerts" label="营业执照" rules={[zodRule(shape.bcerts)]}>
            <FileUpload purpose="license" placeholder="上传营业执照" initialFile={record?.bcerts} />
          </Form.Item>
        </Col>
      </Row>

      <h3 className="zl-form-group">法人 / 联系人</h3>
      <Row gutter={16}>
        <Col {...half}>
          <Form.Item name="name" label="联系人姓名" rules={[zodRule(shape.name)]}>
            <Input maxLength={30} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="mobile" label="联系人手机号" rules={[zodRule(shape.mobile)]}>
            <Input maxLength={11} inputMode="numeric" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="tlphone"
            label="固定电话（选填）"
            rules={[zodRule(shape.tlphone, { optional: true })]}
          >
            <Input placeholder="如 010-12345678" maxLength={20} />
          </Form.Item>
        </Col>
      </Row>
      <IdCardSides shape={shape} owner="法人" record={record} />

      <h3 className="zl-form-group">开票信息</h3>
      <Row gutter={16}>
        <Col {...half}>
          <Form.Item name="receipt" label="发票类型（选填）">
            <Select
              options={[
                { value: '', label: '暂不填写' },
                ...RECEIPT_TYPES.map((t) => ({ value: t, label: t })),
              ]}
            />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="fultitle"
            label="发票抬头（选填）"
            rules={[zodRule(shape.fultitle, { optional: true })]}
          >
            <Input placeholder="一般为企业全称" maxLength={100} />
          </Form.Item>
        </Col>
      </Row>

      <h3 className="zl-form-group">结算账户</h3>
      <Row gutter={16}>
        <Col {...half}>
          <Form.Item name="bkname" label="开户银行" rules={[zodRule(shape.bkname)]}>
            <Input placeholder="如 招商银行福州分行" maxLength={60} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="bkorder" label="对公银行账号" rules={[zodRule(shape.bkorder)]}>
            <Input maxLength={30} inputMode="numeric" autoComplete="off" />
          </Form.Item>
        </Col>
      </Row>

      <h3 className="zl-form-group">通讯地址（选填）</h3>
      <Row gutter={16}>
        <Col {...half}>
          <Form.Item name="mregion" label="所在地区">
            <RegionCascader />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="maddr" label="详细地址" rules={[zodRule(shape.maddr, { optional: true })]}>
            <Input maxLength={200} />
          </Form.Item>
        </Col>
      </Row>

      {!readOnly && (
        <Button type="primary" htmlType="submit" loading={submit.isPending}>
          {record ? '重新提交审核' : '提交审核'}
        </Button>
      )}
    </Form>
  );
}
